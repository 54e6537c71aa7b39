/** What the HTTP client needs from the shell: how to show feedback and how to end a session. */

/** The feedback calls of the error catalogue (spec 02 §8); the shell installs antd-backed ones. */
export interface HttpFeedback {
  /** A confirm box with one button; resolves when the user confirms. */
  confirmRelogin(title: string, content: string, okText: string): Promise<void>;
  /** A short error toast (`message.error`), shown for `seconds`. */
  toast(text: string, seconds?: number): void;
  /** An error notification titled with `title`. */
  notify(title: string): void;
}

/** Hooks the shell gives the HTTP client at start. */
export interface HttpHooks {
  feedback: HttpFeedback;
  /** Called after the user confirms the re-login box: clear the session and go to sign-in. */
  onRelogin: () => void | Promise<void>;
}

const consoleFeedback: HttpFeedback = {
  confirmRelogin: () => Promise.resolve(),
  toast: (text) => console.warn(text),
  notify: (title) => console.warn(title),
};

let hooks: HttpHooks = { feedback: consoleFeedback, onRelogin: () => undefined };

/** Install the shell's feedback and re-login hooks (done once in main.tsx, and by tests). */
export function configureHttp(next: Partial<HttpHooks>): void {
  hooks = { ...hooks, ...next };
}

/** The hooks currently installed. */
export function httpHooks(): HttpHooks {
  return hooks;
}
