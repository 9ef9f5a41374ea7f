/**
 * What an operator does on the first frame before the app's scripts have run (the HTML paints the sign-in
 * page at once: docs/decisions/028-the-first-frame-is-the-app.md). Typing needs nothing: the frame's fields
 * are the app's own, which it hydrates, text and all. A press needs this: a submission would otherwise
 * leave the page as a plain HTML form (`GET /entrar?token=…`), and a click on a button the app has not
 * hydrated yet would be lost.
 *
 * The page's one inline script (its CSP hash is in every policy: scripts/build/security-headers.ts) keeps
 * every submission on the page and remembers it, and remembers each button pressed, until the app takes
 * them: the app then does the last of them, once (`replayEarlyInput`). It reads no value and sends nothing.
 */

/** Where the inline script hands over what it kept. */
const HANDOVER = '__cartoesEarlyInput';

/**
 * The inline script, as written into `<head>` (scripts/build/first-frames.ts). ES5 and self-contained: it
 * runs before anything else, in every browser the app supports.
 */
export const EARLY_INPUT_SCRIPT = `(function(){var kept=[];function onSubmit(e){e.preventDefault();kept.push({kind:'submit',target:e.target,submitter:e.submitter||null})}function onClick(e){var b=e.target&&e.target.closest?e.target.closest('button'):null;if(b&&b.type!=='submit')kept.push({kind:'click',target:b})}document.addEventListener('submit',onSubmit,true);document.addEventListener('click',onClick,true);window.${HANDOVER}=function(){document.removeEventListener('submit',onSubmit,true);document.removeEventListener('click',onClick,true);delete window.${HANDOVER};return kept}})();`;

/** A press the inline script kept. */
export type EarlyPress =
  | { kind: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: 'click'; target: HTMLButtonElement };

declare global {
  interface Window {
    [HANDOVER]?: () => EarlyPress[];
  }
}

/**
 * Takes what the inline script kept and stops it keeping more (a page without it, such as the dev
 * server's, kept nothing). Called once the app has hydrated the frame, so that the elements kept are the
 * app's own.
 */
export function takeEarlyInput(win: Window = window): EarlyPress[] {
  return win[HANDOVER]?.() ?? [];
}

/**
 * Does the last press kept before the app ran, once, on the element it was made on: an Enter in the token
 * field signs in with what was typed, a click on a sandbox token signs in with it. Earlier presses are
 * dropped: the last one is what the operator asked for (an Enter pressed twice signs in once). A press on
 * an element the app did not adopt (a frame of another mode, replaced) is dropped with it.
 */
export function replayEarlyInput(presses: readonly EarlyPress[]): void {
  const last = presses.at(-1);
  if (!last?.target.isConnected) return;
  if (last.kind === 'submit') {
    const submitter = last.submitter?.isConnected ? last.submitter : null;
    last.target.requestSubmit(submitter);
  } else {
    last.target.click();
  }
}
