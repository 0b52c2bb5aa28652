import { api } from './http-client.ts';

/** The session token lives in sessionStorage (SPEC section 9), so it ends with the tab. */
export const TOKEN_KEY = 'access_token';

export function readSessionToken(): string | null {
  try {
    return window.sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** Stores the token and sets the bearer header of the HTTP client. */
export function storeSessionToken(token: string) {
  try {
    window.sessionStorage.setItem(TOKEN_KEY, token);
  } catch {
    // Without storage the session lasts as long as this page.
  }
  api.setToken(token);
}

/** Removes the token and the bearer header. */
export function clearSessionToken() {
  try {
    window.sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Nothing stored.
  }
  api.setToken(null);
}
