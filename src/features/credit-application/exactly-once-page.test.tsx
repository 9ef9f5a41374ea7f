import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import { renderRoute, setupTestSandbox, warmUp } from '@/test/render-route';
import { watchRequests } from '@/test/network-idle';
import { draftStore } from './wizard/draft-store';
import { startDraft } from '@/test/wizard-route';
import { typedApplication } from '@/test/sample-application';

/**
 * The send of a credit application, pressed as people really press it, against a provider that answers
 * at once (the sandbox handlers in this process): one POST per application, whatever the gesture, with
 * the idempotency key off (the app looks the CPF up before the first send: the `preparing` state).
 */

const sandbox = setupTestSandbox();
const requests = watchRequests(sandbox.server);
const CPF = '06247311974';

/** The review of a typed application, the CPF's analyses looked up, "Enviar proposta" in reach. */
async function openReview(sendIdempotencyKey = false) {
  startDraft(typedApplication());
  const view = renderRoute('/proposta/nova/revisao', { sandbox, config: { sendIdempotencyKey } });
  await screen.findByText('Nenhuma análise anterior para este CPF.');
  // As a browser does: a press on a button that the first press disabled does nothing (user-event
  // would throw on its `pointer-events: none` instead).
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  return { ...view, user, send: screen.getByRole('button', { name: 'Enviar proposta' }) };
}

// The review once before the tests (see warmUp).
beforeAll(() => warmUp(sandbox, () => openReview()));

/**
 * A `<button>` by its text, once it is there, then checked as a button: a role query with a name, tried
 * on every change while the screens change, reads the style of every candidate each time.
 */
async function findButton(text: string): Promise<HTMLElement> {
  const button = await screen.findByText(text, { selector: 'button' });
  expect(button).toHaveRole('button');
  return button;
}

const isCreditPost = (request: Request) =>
  request.method === 'POST' && new URL(request.url).pathname.endsWith('/v1/request/credit/');

/** Once every request a gesture started has been answered: the success screen, and one application. */
async function expectOneApplication() {
  await findButton('Nova proposta');
  await requests.idle();
  const stats = sandbox.store.stats();
  expect({ posts: stats.requestsPerEndpoint.creditRequest, applications: stats.applicationsPerCpf }).toEqual({
    posts: 1,
    applications: { [CPF]: 1 },
  });
  expect(screen.getByText('Proposta enviada')).toBeInTheDocument();
}

describe('the credit application sent once, however it is pressed (provider answering at once)', () => {
  it('a double click', async () => {
    const { user, send } = await openReview();
    await user.dblClick(send);
    await expectOneApplication();
  });

  it('a click then Enter', async () => {
    const { user, send } = await openReview();
    await user.click(send);
    await user.keyboard('{Enter}');
    await expectOneApplication();
  });

  it('two Enters', async () => {
    const { user, send } = await openReview();
    send.focus();
    await user.keyboard('{Enter}{Enter}');
    await expectOneApplication();
  });

  it('a double click, then two Enters as the answer arrives', async () => {
    const { user, send } = await openReview();
    requests.onAnswer(isCreditPost, () => void user.keyboard('{Enter}{Enter}'));
    await user.dblClick(send);
    await expectOneApplication();
  });

  it('an Enter queued behind the answer, before the success screen replaces the review', async () => {
    const { user, send } = await openReview();
    // A press that lands in the task delivering the answer: the review is still on screen then.
    requests.onAnswer(isCreditPost, () => fireEvent.click(send));
    await user.click(send);
    await expectOneApplication();
  });

  it('with the key on: a double click, then Enter as the answer arrives', async () => {
    const { user, send } = await openReview(true);
    requests.onAnswer(isCreditPost, () => void user.keyboard('{Enter}'));
    await user.dblClick(send);
    await expectOneApplication();
  });

  it('shows the send as pending from the click, the look-up before it included; a click then sends nothing more', async () => {
    const { user, send } = await openReview();
    // The look-up of the CPF's analyses before the send is held until the test lets it go.
    sandbox.store.faults.add({ endpoint: 'analysisStatus', kind: 'delay', delayMs: 600_000 });
    await user.click(send);
    expect(await screen.findByText('Consultando as análises deste CPF antes de enviar…')).toBeInTheDocument();
    expect(send).toBeDisabled();
    expect(send).toHaveAttribute('aria-busy', 'true');
    // A click and an Enter while it looks up (the click as a script would send it, disabled or not).
    fireEvent.click(send);
    await user.keyboard('{Enter}');
    expect(sandbox.store.stats().requestsPerEndpoint.creditRequest).toBe(0);
    sandbox.store.faults.proceedHeld();
    await expectOneApplication();
  });

  it('after "sent", nothing on the success screen sends the application again; another one asks first', async () => {
    const { user, send } = await openReview();
    await user.click(send);
    await expectOneApplication();
    // The draft sent is forgotten: the form holds a blank application.
    expect(draftStore.holdsTypedData()).toBe(false);
    const another = await findButton('Enviar outra proposta para este CPF');
    await user.click(another);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAccessibleName('Enviar outra proposta para este CPF?');
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(sandbox.store.stats().requestsPerEndpoint.creditRequest).toBe(1);

    await user.click(another);
    await user.click(await findButton('Revisar outra proposta'));
    // Back at the review with the same data and a new draft: it is sent only when sent there.
    const again = await findButton('Enviar proposta');
    expect(await screen.findByText('Este CPF já tem 1 análise')).toBeInTheDocument();
    expect(sandbox.store.stats().requestsPerEndpoint.creditRequest).toBe(1);
    await user.dblClick(again);
    await findButton('Nova proposta');
    await requests.idle();
    expect(sandbox.store.stats().applicationsPerCpf).toEqual({ [CPF]: 2 });
    expect(sandbox.store.stats().requestsPerEndpoint.creditRequest).toBe(2);
  });
});
