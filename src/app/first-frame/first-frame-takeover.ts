/**
 * The prerendered first frame's CSS (scripts/build/first-frames.ts) goes once the app has drawn its first
 * screen: by then the app's own styles hold every rule the screen uses, and the frame's dark-scheme rules,
 * which follow the system's colour scheme, would otherwise fight a colour mode the operator picks.
 */
export function removeFirstFrameStyles(doc: Document = document): void {
  for (const style of doc.querySelectorAll('style[data-first-frame]')) style.remove();
}
