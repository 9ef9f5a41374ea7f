/**
 * What an operator does on the first frame before the app's scripts have run (the HTML paints the sign-in
 * page at once: docs/decisions/028-the-first-frame-is-the-app.md). Typing needs nothing: the frame's fields
 * are the app's own, which it hydrates, text and all. A press needs this: a submission would otherwise
 * leave the page as a plain HTML form (`GET /entrar?token=…`), a click on a button the app has not
 * hydrated yet would be lost, and a link of the navigation would load the whole page again (with OpenID
 * Connect, a round trip through the identity provider in the middle of the one under way).
 *
 * The page's one inline script (its CSP hash is in every policy: scripts/build/security-headers.ts) keeps
 * every submission and every plain click on one of the app's links on the page, and remembers them and
 * each button pressed, until the app takes them: the app then does the last of them, once
 * (`replayEarlyInput`). It reads no value and sends nothing. A click that opens a new tab, and an in-page
 * link (the skip link), are the browser's as always.
 */

/** Where the inline script hands over what it kept. */
const HANDOVER = '__cartoesEarlyInput';

/** The inert copy of the app's script elements, which the inline script starts after the first paint. */
export const APP_SCRIPTS_TEMPLATE_ID = 'app-scripts';

/**
 * The inline script, as written into `<head>` (scripts/build/first-frames.ts). ES5 and self-contained: it
 * runs before anything else, in every browser the app supports. Besides keeping what is pressed, it starts
 * the app's scripts once the HTML's frame has painted (the frame after the document was parsed, or at once
 * in a hidden tab): the first paint needs none of them, and a fetch started during the parse would count
 * against it (Lighthouse's model of a slow network does). The build puts them in a `<template>` for this;
 * a page without one (the dev server's) loads its scripts as written.
 */
export const EARLY_INPUT_SCRIPT = `(function(){var kept=[];function onSubmit(e){e.preventDefault();kept.push({kind:'submit',target:e.target,submitter:e.submitter||null})}function onClick(e){var t=e.target&&e.target.closest?e.target:null;var a=t&&t.closest('a[href]');if(a){var href=a.getAttribute('href');if(href.charAt(0)==='/'&&href.charAt(1)!=='/'&&!a.target&&e.button===0&&!e.ctrlKey&&!e.metaKey&&!e.shiftKey&&!e.altKey){e.preventDefault();kept.push({kind:'link',target:a,href:href})}return}var b=t&&t.closest('button');if(b&&b.type!=='submit')kept.push({kind:'click',target:b})}document.addEventListener('submit',onSubmit,true);document.addEventListener('click',onClick,true);window.${HANDOVER}=function(){document.removeEventListener('submit',onSubmit,true);document.removeEventListener('click',onClick,true);delete window.${HANDOVER};return kept};var started=false;function start(){var t=document.getElementById('${APP_SCRIPTS_TEMPLATE_ID}');if(started||!t)return;started=true;document.head.appendChild(document.importNode(t.content,true))}document.addEventListener('DOMContentLoaded',function(){if(document.visibilityState==='hidden')start();else{requestAnimationFrame(function(){setTimeout(start,0)});setTimeout(start,1000)}})})();`;

/** A press the inline script kept. */
export type EarlyPress =
  | { kind: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null }
  | { kind: 'click'; target: HTMLButtonElement }
  /** A plain click on one of the app's links: `href` is a path of this origin. */
  | { kind: 'link'; target: HTMLAnchorElement; href: string };

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
 * Does the last press kept before the app ran, once: an Enter in the token field signs in with what was
 * typed, a click on a sandbox token signs in with it, a link goes where it leads (through `navigate`, the
 * app's router, when the app drew its screen over the frame). Earlier presses are dropped: the last one is
 * what the operator asked for (an Enter pressed twice signs in once). A submission or a button press on
 * an element the app did not adopt (a frame drawn over) is dropped with it.
 */
export function replayEarlyInput(presses: readonly EarlyPress[], navigate: (href: string) => void): void {
  const last = presses.at(-1);
  if (!last) return;
  if (last.kind === 'link') {
    if (last.target.isConnected) last.target.click();
    else navigate(last.href);
    return;
  }
  if (!last.target.isConnected) return;
  if (last.kind === 'submit') {
    const submitter = last.submitter?.isConnected ? last.submitter : null;
    last.target.requestSubmit(submitter);
  } else {
    last.target.click();
  }
}
