/**
 * Stored-XSS payloads that the wish rules accept (no links, e-mail addresses or phone numbers), shared by the
 * integration suite (server HTML) and the e2e suite (Chromium). Each would set `window.__xss` or open a dialog if it
 * ever ran; each must instead be shown to the reader as the literal text.
 */
export const XSS_WISH = `<b>peace</b> & <i>love</i> <img src=x onerror="window.__xss=1;alert(1)"> "><svg onload=window.__xss=2> </script><script>window.__xss=3</script> javascript:window.__xss=4`;
export const XSS_NAME = `<script>window.__xss=5</script>`;
export const XSS_COUNTRY = `"><img src=x onerror=window.__xss=6>`;
export const XSS_LOCATION = `<iframe src="javascript:window.__xss=7"></iframe>`;
export const XSS_CONTACT = `<script>window.__xss=8</script><img src=x onerror=window.__xss=9> please <b>read</b>`;
