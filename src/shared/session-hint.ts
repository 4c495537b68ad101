/**
 * A cookie without any secret that says "this browser holds a refresh cookie". The refresh cookie
 * itself is HttpOnly, so without this hint the web app would have to ask the server on every page
 * load whether someone is signed in: a wasted round trip (and a 400 in the console) for every
 * anonymous visitor, most of whom are on slow phones.
 */
export const SESSION_HINT_COOKIE_NAME = 'ellis_signed_in';

/** False only when the browser says for sure that no one is signed in here. */
export function mayHaveSession(cookieHeader: string): boolean {
  return cookieHeader.split(';').some((part) => part.trim() === `${SESSION_HINT_COOKIE_NAME}=1`);
}
