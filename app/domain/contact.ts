import "./zod-config";
import { z } from "zod";
import { onFirstUse } from "./on-first-use";
import { NAME_MAX_LENGTH } from "./limits";
import { optionalVisitorText, visitorText } from "./text";

export const CONTACT_SUBJECT_MAX_LENGTH = 120;
export const CONTACT_MESSAGE_MIN_LENGTH = 10;
export const CONTACT_MESSAGE_MAX_LENGTH = 2000;
export const CONTACT_HOURLY_LIMIT = 5;
export const NEWSLETTER_HOURLY_LIMIT = 5;
export const EMAIL_MAX_LENGTH = 254;

export const CONTACT_NAME_INVALID = `Please keep your name to ${NAME_MAX_LENGTH} characters or fewer.`;
export const CONTACT_EMAIL_INVALID = "Please enter a valid email address so we can reply.";
export const CONTACT_SUBJECT_INVALID = `Please keep the subject to ${CONTACT_SUBJECT_MAX_LENGTH} characters or fewer.`;
export const CONTACT_MESSAGE_TOO_SHORT = `Please write a little more (at least ${CONTACT_MESSAGE_MIN_LENGTH} characters).`;
export const CONTACT_MESSAGE_TOO_LONG = `Please keep your message under ${CONTACT_MESSAGE_MAX_LENGTH} characters.`;
export const CONTACT_SENT = "Thank you. Your message has reached us, and we read every one.";
export const CONTACT_RATE_LIMITED = "You have sent several messages in a short time. Please wait an hour and try again.";
export const NEWSLETTER_EMAIL_INVALID = "Please enter a valid email address.";
export const NEWSLETTER_CHECK_INBOX = "Almost there: please confirm with the link we have sent to your inbox.";
export const NEWSLETTER_RATE_LIMITED = "Too many sign-ups from this connection. Please try again in an hour.";
export const NEWSLETTER_CONFIRMED = "You are subscribed. The next letter from the bell will find you.";
export const NEWSLETTER_TOKEN_INVALID = "This confirmation link is not valid any more. Please sign up again from the footer.";

const email = (message: string) =>
  z.string({ error: message }).trim().max(EMAIL_MAX_LENGTH, { error: message }).pipe(z.email({ error: message }));



export const contactSchema = onFirstUse(() =>
  z.object({
    name: optionalVisitorText(NAME_MAX_LENGTH, CONTACT_NAME_INVALID),
    email: email(CONTACT_EMAIL_INVALID),
    subject: optionalVisitorText(CONTACT_SUBJECT_MAX_LENGTH, CONTACT_SUBJECT_INVALID),
    message: visitorText(CONTACT_MESSAGE_TOO_SHORT, true)
      .min(CONTACT_MESSAGE_MIN_LENGTH, { error: CONTACT_MESSAGE_TOO_SHORT })
      .max(CONTACT_MESSAGE_MAX_LENGTH, { error: CONTACT_MESSAGE_TOO_LONG }),
  }),
);
export type ContactInput = z.output<typeof contactSchema>;

export const newsletterSchema = onFirstUse(() => z.object({ email: email(NEWSLETTER_EMAIL_INVALID) }));

/** Field errors keyed by field name, the first message of each, for showing beside the inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const [field] = issue.path;
    if (typeof field === "string" && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What POST /newsletter answers, read by the page and by the footer form's fetcher. */
export interface NewsletterActionData {
  message?: string;
  error?: string;
}
