/**
 * Uploads running on one form page (spec 02 §4: "a page with running uploads blocks an action with
 * a warning"): saving while a file is still on its way would store the record without that file.
 * Pure; the page creates one and hands it to its fields through RecordFormContext.
 */

/** The warning a blocked action shows (spec 02 §8, uploads). */
export const UPLOAD_RUNNING_TEXT = '当前有文件正在上传，请稍后再试';

/** Counts running uploads of a page. */
export interface UploadTracker {
  /** Marks one upload as started; call the answer once when it ends, however it ends. */
  begin(): () => void;
  /** Whether any upload is running. */
  busy(): boolean;
}

/** A new tracker with nothing running. */
export function createUploadTracker(): UploadTracker {
  let running = 0;
  return {
    begin() {
      running += 1;
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        running -= 1;
      };
    },
    busy: () => running > 0,
  };
}
