// @vitest-environment jsdom
import { EARLY_INPUT_SCRIPT, replayEarlyInput, takeEarlyInput } from './early-input';

/** The page as the HTML makes it: the inline script has run, then the frame's form is there. */
function frame() {
  // The page's own inline script, run as the browser runs it (jsdom does not run a <script> here).
  // eslint-disable-next-line no-eval -- the app's own constant script, the subject of this test
  window.eval(EARLY_INPUT_SCRIPT);
  document.body.innerHTML = `
    <a href="#main">Pular para o conteúdo</a>
    <nav><a href="/proposta/nova">Nova proposta</a><a href="//elsewhere.example/">Outro</a></nav>
    <form method="dialog"><input name="token"><button type="button">Mostrar</button><button type="submit">Entrar</button></form>
    <button type="button">Operador</button>`;
  const form = document.querySelector('form');
  const [show, submit, operator] = [...document.querySelectorAll('button')];
  const [skip, screen, elsewhere] = [...document.querySelectorAll('a')];
  if (!form || !show || !submit || !operator || !skip || !screen || !elsewhere)
    throw new Error('the frame was not drawn');
  return { form, show, submit, operator, skip, screen, elsewhere };
}

afterEach(() => {
  takeEarlyInput();
  document.body.innerHTML = '';
});

describe('the early-input script', () => {
  it('keeps a submission on the page and remembers it, with its submitter', () => {
    const { form, submit } = frame();
    const submission = new SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: submit });
    form.dispatchEvent(submission);
    expect(submission.defaultPrevented).toBe(true);
    expect(takeEarlyInput()).toEqual([{ kind: 'submit', target: form, submitter: submit }]);
  });

  it('remembers a press on a button; a submit button’s press as the submission it makes', () => {
    const { form, operator, submit } = frame();
    operator.click();
    submit.click();
    expect(takeEarlyInput()).toEqual([
      { kind: 'click', target: operator },
      { kind: 'submit', target: form, submitter: submit },
    ]);
  });

  it('keeps a plain click on one of the app’s links on the page; the skip link, another origin and a new tab are the browser’s', () => {
    const { screen, skip, elsewhere } = frame();
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    screen.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    const newTab = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    screen.dispatchEvent(newTab);
    const inPage = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    skip.dispatchEvent(inPage);
    const away = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    elsewhere.dispatchEvent(away);
    expect([newTab, inPage, away].map((event) => event.defaultPrevented)).toEqual([false, false, false]);
    expect(takeEarlyInput()).toEqual([{ kind: 'link', target: screen, href: '/proposta/nova' }]);
  });

  it('hands over once and stops: later presses are the app’s own', () => {
    const { form, operator } = frame();
    operator.click();
    expect(takeEarlyInput()).toHaveLength(1);
    const later = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(takeEarlyInput()).toEqual([]);
  });
});

describe('replayEarlyInput', () => {
  it('does the last press only, once: two Enters submit once', () => {
    const { form, submit } = frame();
    const submitted = vi.fn((event: Event) => event.preventDefault());
    form.addEventListener('submit', submitted);
    replayEarlyInput(
      [
        { kind: 'submit', target: form, submitter: submit },
        { kind: 'submit', target: form, submitter: submit },
      ],
      () => undefined,
    );
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('clicks the button pressed last, and not an earlier one', () => {
    const { show, operator } = frame();
    const clicked: string[] = [];
    for (const button of [show, operator])
      button.addEventListener('click', () => clicked.push(button.textContent));
    replayEarlyInput(
      [
        { kind: 'click', target: show },
        { kind: 'click', target: operator },
      ],
      () => undefined,
    );
    expect(clicked).toEqual(['Operador']);
  });

  it('drops a press on an element the app did not adopt (a frame drawn over)', () => {
    const { operator } = frame();
    const clicked = vi.fn();
    operator.addEventListener('click', clicked);
    operator.remove();
    replayEarlyInput([{ kind: 'click', target: operator }], () => undefined);
    expect(clicked).not.toHaveBeenCalled();
  });

  it('follows a link: its own element when the app adopted it, else through the app’s router', () => {
    const { screen } = frame();
    const navigate = vi.fn();
    const followed = vi.fn((event: Event) => event.preventDefault());
    screen.addEventListener('click', followed);
    replayEarlyInput([{ kind: 'link', target: screen, href: '/proposta/nova' }], navigate);
    expect([followed.mock.calls.length, navigate.mock.calls.length]).toEqual([1, 0]);
    screen.remove();
    replayEarlyInput([{ kind: 'link', target: screen, href: '/proposta/nova' }], navigate);
    expect(navigate).toHaveBeenCalledWith('/proposta/nova');
    expect(followed).toHaveBeenCalledTimes(1);
  });
});
