// Every sentence a visitor can read from the domain rules, docs/product.md#what-happens-step-by-step, docs/product.md#validation, docs/product.md#sentences wording kept verbatim.
import {
  COUNTRY_MAX_LENGTH,
  DAILY_WISH_LIMIT,
  FRIEND_MESSAGE_MAX_LENGTH,
  LATITUDE_LIMIT,
  LOCATION_MAX_LENGTH,
  LONGITUDE_LIMIT,
  NAME_MAX_LENGTH,
  REPORT_REASON_MAX_LENGTH,
  RING_BATCH_SIZE,
  WISH_ID_MAX_LENGTH,
  WISH_MAX_LENGTH,
  WISH_MIN_LENGTH,
} from "./limits";

/** Renders a message named by its English ICU source in a page's or a request's language (app/i18n). */
export type Translate = (source: string, values?: Record<string, string | number>) => string;

/** Marks a message written outside this file, for the English catalogue (scripts/i18n-extract.mjs). */
export const msg = (source: string): string => source;

export const COUNT_WISHES = "{count, plural, one {# wish} other {# wishes}}";
export function countWishes(t: Translate, count: number): string {
  return t(COUNT_WISHES, { count });
}

// Wish form (docs/product.md#validation)
export const WISH_REQUIRED = "Please enter your wish for peace";
export const WISH_NOT_TEXT = "Please write your wish as text.";
export const WISH_TOO_SHORT = `Please enter a more meaningful wish (at least ${WISH_MIN_LENGTH} characters)`;
export const WISH_TOO_LONG = `Your wish is too long. Please keep it under ${WISH_MAX_LENGTH} characters.`;
export const WISH_PROMPT = "If you could send one wish into the universe, what would it be?";
export const CHARACTERS_TO_GO =
  "{missing, plural, one {# more character and your wish will be ready to send!} other {# more characters and your wish will be ready to send!}}";
export function charactersToGo(t: Translate, missing: number): string {
  return t(CHARACTERS_TO_GO, { missing });
}
export const EMAIL_HELPER = "Optional - if you'd like to receive your wish via email.";
export const EMAIL_INVALID = "Please enter a valid email address, or leave it empty.";
export const NAME_INVALID = `Please keep your name to ${NAME_MAX_LENGTH} characters of text or fewer.`;
export const FOR_NAME_INVALID = `Please keep their name to ${NAME_MAX_LENGTH} characters of text or fewer.`;
export const COUNTRY_INVALID = `Please keep the country to ${COUNTRY_MAX_LENGTH} characters of text or fewer.`;
export const LOCATION_INVALID = `Please keep the location to ${LOCATION_MAX_LENGTH} characters of text or fewer.`;
export const LATITUDE_INVALID = `The latitude must be a number between -${LATITUDE_LIMIT} and ${LATITUDE_LIMIT}.`;
export const LONGITUDE_INVALID = `The longitude must be a number between -${LONGITUDE_LIMIT} and ${LONGITUDE_LIMIT}.`;
export const TIMESTAMP_INVALID = "The timestamp must be a date written as text or a number.";
export const FINGERPRINT_INVALID = "Your device could not be recognised. Please reload the page and try again.";
export const REQUEST_BODY_INVALID = "Please send the details as a JSON object.";

// Submitting and the encoding overlay (docs/product.md#what-happens-step-by-step, docs/product.md#sentences)
export const SUBMIT_DAILY_LIMIT = `You've reached the daily limit of ${DAILY_WISH_LIMIT} wishes. Please try again tomorrow.`;
export const SUBMIT_FAILED = "Failed to submit wish. Please try again.";
export const ENCODING_COMPLETE = "Quantum encoding complete! Your wish is ready to be entangled with others.";

// Send a wish to a friend (docs/product.md#pages, docs/product.md#validation, docs/product.md#sentences)
export const FRIEND_WISH_REQUIRED = "Please enter your wish.";
export const FRIEND_EMAIL_INVALID = "Please enter a valid friend's email.";
export const FRIEND_MESSAGE_TOO_LONG = `Please keep your message to ${FRIEND_MESSAGE_MAX_LENGTH} characters of text or fewer.`;
export const FRIEND_SEND_FAILED = "Failed to send wish. Please try again.";
export const FRIEND_SENT_TITLE = "Wish sent!";
export const FRIEND_SENT_BODY = "Your wish and message have been sent to your friend.";

// Resonate (docs/product.md#sentences)
export const RESONATE_SUCCESS = "You resonated with this wish!";
export const RESONATE_ALREADY = "You've already resonated with this wish!";
export const RESONATE_FAILED = "Failed to resonate with wish. Please try again.";

// Bell button and status line (docs/product.md#what-happens-step-by-step)
export const BELL_LABEL_RINGING = "Ringing Bell...";
export const BELL_LABEL_OUT_OF_CREDITS = "Out of Credits";
export const BELL_LABEL_NO_WISHES = "No Wishes to Ring";
export const BELL_LABEL_COOLDOWN = "Please wait {seconds}s";
export function bellLabelCooldown(t: Translate, seconds: number): string {
  return t(BELL_LABEL_COOLDOWN, { seconds });
}
export const BELL_LABEL_RING = "{count, plural, one {Ring Bell (# wish)} other {Ring Bell (# wishes)}}";
export function bellLabelRing(t: Translate, batchSize: number): string {
  return t(BELL_LABEL_RING, { count: batchSize });
}
export const BELL_STATUS_WAITING = "{count, plural, one {# wish waiting to be entangled} other {# wishes waiting to be entangled}}";
export function bellStatusWaiting(t: Translate, pending: number): string {
  return t(BELL_STATUS_WAITING, { count: pending });
}
export const BELL_STATUS_SUBMIT_FIRST = "Submit a wish first to ring the bell";
export const BELL_STATUS_RINGING = "The bell is ringing…";
export const BELL_BATCH_NOTE = `Press the button for each batch of ${RING_BATCH_SIZE} wishes`;

// Whose wishes the next ring takes, said before the press (docs/product.md#your-ring).
export const BELL_RINGS_YOURS =
  "{others, plural, =0 {This ring takes your wish.} one {This ring takes your wish and the oldest other waiting wish.} other {This ring takes your wish and the # oldest other waiting wishes.}}";
export const BELL_RINGS_OLDEST =
  "{count, plural, one {This ring takes the one waiting wish.} other {This ring takes the # oldest waiting wishes.}}";
export function bellRingPreview(t: Translate, preview: { yours: boolean; others: number }): string {
  return preview.yours ? t(BELL_RINGS_YOURS, { others: preview.others }) : t(BELL_RINGS_OLDEST, { count: preview.others });
}

// Credits (docs/product.md#what-happens-step-by-step)
export const CREDITS_OUT = "Out of Credits - Bell Temporarily Disabled";
export const CREDITS_LOW = "{count, plural, one {Low Credits: # wish remaining} other {Low Credits: # wishes remaining}}";
export function creditsLow(t: Translate, wishes: number): string {
  return t(CREDITS_LOW, { count: wishes });
}
export const CREDITS_AVAILABLE = "{count, plural, one {# wish available.} other {# wishes available.}}";
export function creditsAvailable(t: Translate, wishes: number): string {
  return t(CREDITS_AVAILABLE, { count: wishes });
}

// Ringing (docs/product.md#what-happens-step-by-step, docs/product.md#sentences, docs/product.md#server-rules)
export const RING_FAILED = "Failed to ring the bell. Please try again.";
export const RING_NONE_PENDING = "No pending wishes available";
export const RING_NONE_PENDING_CLIENT = "No pending wishes to ring the bell with";
export const RING_OUT_OF_CREDITS = "Out of credits";
export const RING_TOO_MANY_WISHES = `A bell ring can carry at most ${RING_BATCH_SIZE} wishes.`;
export const RING_WISH_IDS_INVALID = "Please send the wish ids as a list.";
export const RING_WISH_ID_INVALID = `Each wish id must be between 1 and ${WISH_ID_MAX_LENGTH} characters.`;
export const RING_COOLDOWN = "The bell is still resonating. Please wait {seconds}s before ringing again.";
export function ringCooldown(t: Translate, seconds: number): string {
  return t(RING_COOLDOWN, { seconds });
}
export const RING_RANG = "{count, plural, one {The bell rang for # wish.} other {The bell rang for # wishes.}}";
export function ringRang(t: Translate, wishCount: number): string {
  return t(RING_RANG, { count: wishCount });
}
export const RING_COMPLETE_TOAST =
  "{count, plural, =0 {The bell has rung! All wishes have joined the quantum field.} one {The bell has rung! # wish still waiting for the next ring.} other {The bell has rung! # wishes still waiting for the next ring.}}";
export function ringCompleteToast(t: Translate, pendingLeft: number): string {
  return t(RING_COMPLETE_TOAST, { count: Math.max(0, pendingLeft) });
}
/** A ring someone else rang, offered on every other open page (ADR 0023). */
export const BELL_JUST_RANG = "{count, plural, one {The bell just rang for # wish:} other {The bell just rang for # wishes:}}";
export function bellJustRang(t: Translate, wishes: number): string {
  return t(BELL_JUST_RANG, { count: wishes });
}
export const BELL_JUST_RANG_LINK = "see what the qubits said";
export const RESONANCE_DAILY_LIMITED = "Your network has resonated with many wishes today. Please come back tomorrow.";
export const RING_NETWORK_LIMITED = "The bell has been rung from your network many times this hour. Please let others ring it, and try again later.";
export const RING_BY_FELLOW_DREAMER = "A fellow dreamer has already rung the bell with your wish. Taking you to its ring...";
export const BATCH_FAILED = "Quantum processing encountered turbulence. Retrying...";
/** What visitors are told of a ring the provider could not finish; the provider's own words go to /admin only. */
export const BATCH_GAVE_UP =
  "The quantum field stayed too turbulent for this ring. Its wishes have gently returned to the pool and will join the next ring of the bell.";
export const QUANTUM_UNREACHABLE = "The quantum service cannot be reached right now. Please try again in a minute.";
export const QUANTUM_NOT_CONFIGURED = "The bell is resting while its quantum service is being set up. Please try again later.";

// Copy link and share (docs/product.md#sentences)
export const COPY_LINK_SUCCESS = "Link copied to clipboard!";
export const COPY_LINK_PENDING = "This wish is still being processed. Try again after ringing the bell.";
export const COPY_LINK_NOT_FOUND = "Wish not found in bell history";
export const COPY_LINK_FAILED = "Failed to copy link";
/** A link to the ring's 1080×1920 story image, to post where a link cannot go. */
export const SAVE_STORY_IMAGE = "Save the story image";
/** A link to the ring's 1080×1080 square poster, a feed's post. */
export const SAVE_SQUARE_IMAGE = "Save the square image";
export const SHARE_FAILED = "Failed to share";
export const SHARE_WISH_NOW = "Invite friends with the site's link";

// Health banners and the error boundary (docs/product.md#sentences)
export const HEALTH_UNREACHABLE = "Cannot connect to backend. Please check your connection or backend status.";
export const HEALTH_UNHEALTHY = "Backend is reachable but one or more services are unhealthy.";
export const UNEXPECTED_ERROR_TITLE = "Unexpected Application Error!";
export const UNEXPECTED_ERROR_BODY = "Something went wrong while showing this page. Please reload, or come back in a moment.";
export const PAGE_NOT_FOUND_TITLE = "Page not found";
export const PAGE_NOT_FOUND_BODY = "This page has drifted out of the field. The bell and the Wish Wall are still where you left them.";
export const RETURN_TO_BELL = "Return to the bell";

/** A table's scrolling box (a region a keyboard can reach), named after its table and apart from its section. */
export const SCROLL_REGION_LABEL = "{table}: table, scrolls sideways";
export function scrollRegionLabel(t: Translate, table: string): string {
  return t(SCROLL_REGION_LABEL, { table });
}

// The card that follows the visitor's own wish (docs/product.md#your-wish-card), beside the bell.
export const YOUR_WISH_WAITING_TITLE = "Your wish is waiting";
export const YOUR_WISH_RINGING_TITLE = "Your wish is being entangled";
export const YOUR_WISH_RUNG_TITLE = "Your wish has rung";
export const YOUR_WISH_RINGING = "The bell is ringing for it now: its qubit is being measured with the others of its ring.";
export const YOUR_WISH_RUNG = "Its qubit was measured with the others of its ring, and the ring has its own page.";
export const YOUR_WISH_SEE_RING = "See what the qubits said";
export const YOUR_WISH_HIDE = "Hide this card";
export const YOUR_WISH_WITHDRAW = "Withdraw my wish";
export const YOUR_WISH_WITHDRAW_CONFIRM = "Withdraw it for good? It leaves the wall, the map and the counts, and cannot be undone.";
export const YOUR_WISH_WITHDRAW_YES = "Yes, withdraw it";
export const YOUR_WISH_WITHDRAW_NO = "Keep it";
export const YOUR_WISH_WITHDRAWN = "Your wish is withdrawn.";
export const YOUR_WISH_WITHDRAW_FAILED = "Your wish could not be withdrawn just now. Please try again.";
export const YOUR_WISH_ON_WALL = "Your wish";
export const MAP_YOUR_WISH = "your wish is here";
export const MAP_YOUR_WISH_CLUSTER = "Your wish is among them.";
// The map's hint when a gesture scrolls the page instead of moving it (docs/product.md#your-ring).
export const MAP_GESTURE_TOUCH = "Use two fingers to move the map";
export const MAP_GESTURE_SCROLL = "Use the + and − buttons, or Ctrl and scroll, to zoom the map";
export const YOUR_WISH_AHEAD =
  "{ahead, plural, one {1 older wish is} other {# older wishes are}} ahead of it and the bell takes {batch} at a time: {before, plural, one {one ring comes first} other {# rings come first}}.";
export const YOUR_WISH_NEXT_RING =
  "It rings with the next bell, {companions, plural, =0 {on its own so far} one {beside # wish} other {beside # wishes}}. {room, plural, =0 {Its ring is full: anyone may ring it now.} other {# more can join it before anyone rings.}}";
export function yourWishWaiting(t: Translate, ahead: number, ring: number, companions: number): string {
  if (ring > 1) return t(YOUR_WISH_AHEAD, { ahead, batch: RING_BATCH_SIZE, before: ring - 1 });
  return t(YOUR_WISH_NEXT_RING, { companions, room: Math.max(0, RING_BATCH_SIZE - 1 - companions) });
}

// Wish Wall, map popup and placeholders (docs/product.md#pages, docs/product.md#wishes-and-what-they-carry)
export const ANONYMOUS_NAME = "Anonymous";
/** A writer's name as a page shows it: the server stores "Anonymous" in English for an empty one; read it in the page's language. */
export function writerName(t: Translate, name: string): string {
  const trimmed = name.trim();
  return trimmed === "" || trimmed === ANONYMOUS_NAME ? t(ANONYMOUS_NAME) : trimmed;
}
export const UNKNOWN_LOCATION = "Unknown";
export const FELLOW_DREAMER_LOCATION = "A fellow dreamer";
export const WALL_EMPTY_TITLE = "No wishes found for the selected filters";
export const WALL_EMPTY_HINT = "Try adjusting your filters or be the first to share a wish";
export const WALL_SHOWING =
  "Showing {wishes, plural, one {# wish} other {# wishes}} from {countries, plural, one {# country} other {# countries}}";
export function wallShowing(t: Translate, wishes: number, countries: number): string {
  return t(WALL_SHOWING, { wishes, countries });
}
export const WALL_TOTAL = "{count, plural, one {Total: # wish available} other {Total: # wishes available}}";
export function wallTotal(t: Translate, total: number): string {
  return t(WALL_TOTAL, { count: total });
}
export const WALL_THEME_INVALID = "Please choose a theme from the list.";
export const WALL_TIME_FILTER_INVALID = "Please choose a time period from the list.";
export const WALL_SORT_INVALID = "Please choose a sort order from the list.";
export const MAP_POPUP_SHOWING =
  "Showing {shown} of {total, plural, one {# wish} other {# wishes}} (Visit the Wish Wall to see all wishes from this location)";
export function mapPopupShowing(t: Translate, shown: number, total: number): string {
  return t(MAP_POPUP_SHOWING, { shown, total });
}
export const MAP_POPUP_EMPTY = "No wishes found for this location";
/** A map cluster's accessible name: the countries it holds (the busiest first) and how to see them apart. */
export const MAP_CLUSTER_MORE = "{names} and {rest, plural, one {# more country} other {# more countries}}";
export const MAP_CLUSTER_TWO = "{first} and {last}";
export const MAP_CLUSTER_LABEL = "{list}: {count, plural, one {# wish} other {# wishes}}. Zoom in to see each country.";
export function mapClusterLabel(t: Translate, names: readonly string[], wishes: number): string {
  const shown = names.slice(0, 3);
  const rest = names.length - shown.length;
  const list =
    rest > 0
      ? t(MAP_CLUSTER_MORE, { names: shown.join(", "), rest })
      : shown.length > 1
        ? t(MAP_CLUSTER_TWO, { first: shown.slice(0, -1).join(", "), last: shown[shown.length - 1] })
        : (shown[0] ?? "");
  return t(MAP_CLUSTER_LABEL, { list, count: wishes });
}

// Moderation (docs/product.md#server-rules)
export const MODERATION_LINK = "Please leave links out of your wish.";
export const MODERATION_EMAIL = "Please leave e-mail addresses out of your wish.";
export const MODERATION_PHONE = "Please leave phone numbers out of your wish.";
export const MODERATION_PROFANITY = "Please keep your wish kind: it contains a word we do not publish.";

// Reporting a wish to the moderators.
export const REPORT_SENT = "Thank you. The moderators will look at this wish.";
export const REPORT_ALREADY = "You have already reported this wish. The moderators will look at it.";
export const REPORT_FAILED = "Failed to report the wish. Please try again.";
export const REPORT_REASON_INVALID = `Please keep the reason to ${REPORT_REASON_MAX_LENGTH} characters of text or fewer.`;

// The reverse geocoder's coordinates (docs/api.md#calls).
export const LAT_SENTENCE = "Please give a latitude between -90 and 90.";
export const LON_SENTENCE = "Please give a longitude between -180 and 180.";

// Refusals and failures answered by the server (API errors, the Worker, the BellRoom, admin actions).
export const WISH_NOT_FOUND = "We could not find that wish.";
export const WISH_NOT_YOURS = "Only the device that wrote this wish can withdraw it.";
export const PUSH_NOT_YOURS = "Only the device that wrote this wish can ask to be told when it rings.";
export const PUSH_UNAVAILABLE = "This site cannot send notifications yet.";
export const PUSH_ENDPOINT_REFUSED = "This browser's push service is not one we can send to.";
export const PUSH_WISH_NOT_WAITING = "This wish is no longer waiting for a ring.";
export const PUSH_TOO_MANY = "This wish already has as many browsers to tell as it may.";
export const PUSH_RANG_TITLE = "Your wish rang";
export const FOR_TITLE = "For {forName}";
export const FOR_FROM = "{from} wished this for you";
export const FOR_SOMEONE = "Someone";
export const FOR_WAITING = "It waits with wishes from around the world for the next ring of the bell. This page will show the ring when it comes.";
export const FOR_RANG = "The bell has rung with this wish. Its quantum circuit answered:";
export const FOR_SEE_RING = "See the whole ring";
export const FOR_WRITE_BACK = "Write a wish back";
export const FOR_DESCRIPTION = "A wish for peace, written for you on the Quantum Bell.";
export const FOR_NAME_LABEL = "Is it for someone? Their name";
export const FOR_NAME_HELPER = "We make a page for them, with its own link for you to send. No e-mail needed.";
export const FOR_LINK_READY = "Your wish for {forName} is on its way. Send them their page:";
export const FOR_SHARE = "Send the link";
export const FOR_COPY = "Copy the link";
export const FOR_COPIED = "Link copied.";
export const FOR_SHARE_TEXT = "I rang a bell for you";
export const FOR_NOT_FOUND = "This page is not here any more: the wish was withdrawn, or the link is not complete.";
export const PUSH_OFFER = "Tell me when my wish rings";
export const PUSH_ASKING = "Asking your browser…";
export const PUSH_SUBSCRIBED = "We will tell you on this device when your wish rings.";
export const PUSH_DENIED = "Notifications are blocked for this site in your browser's settings.";
export const PUSH_FAILED = "We could not set up the notification. Please try again.";
/** In a ring's list, in place of a wish its writer or the operator withdrew after it rang. */
export const WISH_WITHDRAWN = "A wish withdrawn";
export const REPORT_LIMITED = "You have sent many reports today. Thank you; please try again tomorrow.";
export const LOGIN_WRONG_PASSWORD = "That password is not right. Please try again.";
export const LOGIN_NOT_CONFIGURED = "Admin sign-in is not configured on this server.";
export const CROSS_SITE_REFUSED = "This action must come from the admin pages of this site.";
export const REQUEST_TOO_LARGE = "That request is too large. Please send less and try again.";
export const REQUEST_BODY_NOT_ALLOWED = "A request that only reads carries no body. Please send it again without one.";
export const DATA_REQUEST_REFUSED = "This site does not answer that kind of data request.";
export const REQUEST_INCOMPLETE = "That request ended before all of it arrived. Please send it again.";
export const FRIEND_RATE_LIMITED = "You have sent many wishes to friends in the last hour. Please try again later.";
export const FRIEND_RECIPIENT_LIMITED = "This address has already received several wishes today. Please try again tomorrow.";

// The "this wasn't me" page (/mail/stop) and the line that links to it at the foot of every visitor mail.
export const MAIL_STOP_LINE = "If this wasn't you, or you want no more mail from us, follow this link: {url}";
export const mailStopLine = (t: Translate, url: string) => t(MAIL_STOP_LINE, { url });
export const MAIL_STOP_TITLE = "No more mail from us";
export const MAIL_STOP_INTRO = "If someone typed your address on our site without asking you, or you simply want no more of our mail, we will stop.";
export const MAIL_STOP_BUTTON = "Stop all mail to my address";
export const MAIL_STOP_DONE = "Done. We will not send any more mail to your address. We keep only a one-way code of it, not the address itself.";
export const MAIL_STOP_INVALID = "This link is not complete. Please open it again from the mail we sent you.";
export const IP_LIMIT_SENTENCE = "Many wishes have already come from your network today. Please try again tomorrow.";
export const SERVER_ERROR = "Something went wrong on our side. Please try again in a moment.";
/** An API address asked with a method it does not serve; {methods} lists the ones it does ("GET, POST"). */
export const METHOD_NOT_ALLOWED = "This address only answers {methods} requests.";
/** The home page's form posted from another site (the Worker refuses most such posts before any page runs). */
export const FORM_CROSS_SITE = "This form only accepts posts from this site.";
export const CROSS_SITE_REQUEST = "Requests from other sites are not accepted.";
export const SOCKET_ONLY = "This address only speaks WebSocket.";
export const SOCKET_CROSS_SITE = "Sockets from other sites are not accepted.";
export const SOCKETS_LIMITED = "Too many live connections from your network. Please close some tabs and try again.";
export const SOCKET_PAUSED = "A live connection from your network sent what this site does not accept. Please try again in a minute.";
export const TOP_UP_SIMULATOR_ONLY = "Top-ups apply to the simulator only; IBM Quantum time is managed in your IBM Cloud account.";
export const RING_NOT_FOUND = "We could not find that ring.";
export const RING_ALREADY_COMPLETED = "That ring has already completed.";
export const RING_FAILED_FOR_GOOD = "That ring failed for good; its wishes went back to the pool and will ring again.";
export const ADMIN_ACTION_UNKNOWN = "That action is not one this page offers.";
