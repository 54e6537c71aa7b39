/** Spec 01 §9: after paging the view scrolls back to the top over 800 ms (ease-out). */
export function scrollToTop(el: HTMLElement | null, ms: number): void {
  if (!el || el.scrollTop === 0) return;
  const from = el.scrollTop;
  const started = performance.now();
  const step = (now: number) => {
    const t = Math.min(1, (now - started) / ms);
    el.scrollTop = from * (1 - (1 - (1 - t) ** 3));
    if (t < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}
