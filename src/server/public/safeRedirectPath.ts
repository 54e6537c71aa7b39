/** Where a public sign-in may send the browser afterwards: a path of this site, else `/`. */
export function safeRedirectPath(redirect: string | null | undefined): string {
  // `//host` and `/\host` would leave the site; an absolute URL is no path.
  return redirect && redirect.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/\\') ? redirect : '/';
}
