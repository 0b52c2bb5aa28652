const KEY = 'balai.device';

/**
 * This browser's random device id, made once and kept in local storage. Sent with each login, it
 * lets the server recognise a device that signed in to the account before, so a stranger's
 * failed guesses never lock the owner's own phone out (ADR 0011). It is no credential: without
 * the password it opens nothing. Null where storage is unavailable.
 */
export function deviceId(): string | null {
  try {
    let id = localStorage.getItem(KEY);
    if (!id || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) {
      const bytes = crypto.getRandomValues(new Uint8Array(18));
      id = btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_');
      localStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}
