// The site's service worker (issue 36, ADR 0059): it shows a ring's notice and opens its page, nothing else. No
// fetch handler, no cache: every page and request goes to the network exactly as without it. Registered only when a
// visitor asks to be told when their wish rings.
self.addEventListener("push", (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  if (typeof notice.title !== "string" || typeof notice.url !== "string") return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: typeof notice.body === "string" ? notice.body : "",
      tag: typeof notice.tag === "string" ? notice.tag : undefined,
      // The wish's language and its direction: an Arabic notice reads from the right on any device (ADR 0096).
      lang: typeof notice.lang === "string" ? notice.lang : undefined,
      dir: notice.dir === "rtl" || notice.dir === "ltr" ? notice.dir : "auto",
      icon: "/icons/bell-192.png",
      badge: "/icons/bell-192.png",
      data: { url: notice.url },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url, self.location.origin);
  // Only this site's pages are opened: the payload names a path on it.
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url === target.href);
      return open ? open.focus() : self.clients.openWindow(target.href);
    }),
  );
});
