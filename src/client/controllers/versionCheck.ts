/** New-version detection (spec 02 §2.4): compare the loaded app script with the served home page's. Pure helpers. */

/** Spec 02 §9: every 3 minutes. */
export const VERSION_CHECK_MS = 180_000;

/** The app script's file name in an HTML page (the hashed `/assets/index-….js`), or undefined. */
export function appScriptName(html: string): string | undefined {
  const match = html.match(/<script[^>]+src="([^"]*\/assets\/[^"]+\.js)"/);
  return match?.[1];
}

/** The script name this page was loaded with. */
export function loadedScriptName(doc: Document = document): string | undefined {
  const script = doc.querySelector<HTMLScriptElement>('script[type="module"][src*="/assets/"]');
  return script ? new URL(script.src, doc.baseURI).pathname : undefined;
}
