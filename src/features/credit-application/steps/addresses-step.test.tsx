import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { fieldNamed as field } from '@/test/form-fields';
import { preloadRoute, setupTestSandbox, warmUp } from '@/test/render-route';
import { renderWizardAt } from '@/test/wizard-route';

/**
 * The CEP fills the address without ever taking what the operator typed: the answer is held here until
 * the operator has typed on (a slow CEP service), then let go.
 */
const sandbox = setupTestSandbox();

const cepLookupUrl = `${new URL(sandbox.baseUrl).origin}/__sandbox/cep/{cep}/json/`;

/** The addresses step, as the tests below open it. */
async function openAddresses() {
  const view = await renderWizardAt('enderecos', { sandbox, config: { cepLookupUrl } });
  await screen.findByText('Etapa 6 de 8', { exact: true });
  return view;
}

beforeAll(async () => {
  await preloadRoute('/proposta/nova/enderecos');
  // The step once before the tests (see warmUp).
  await warmUp(sandbox, openAddresses);
});

const at = (name: string) => field(`portador.enderecos.0.${name}`);

/** Holds every CEP answer until `release()`; the sandbox's own handler answers after it. */
function holdCepAnswers() {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const asked: string[] = [];
  sandbox.server.use(
    http.get('*/__sandbox/cep/:cep/json/', async ({ params }) => {
      asked.push(String(params.cep));
      await held;
    }),
  );
  return { release: () => release(), asked };
}

describe('the CEP field', () => {
  it('fills the blank address fields when the answer comes, never one typed meanwhile', async () => {
    const { user } = await openAddresses();
    const answers = holdCepAnswers();

    await user.click(at('cep'));
    await user.keyboard('01310100');
    expect(at('cep')).toHaveValue('01310-100');
    await waitFor(() => expect(answers.asked).toEqual(['01310100']));
    // The lookup is under way; the operator goes on (the street pasted: its keys are not the subject).
    await user.click(at('logradouro'));
    await user.paste('Rua do Operador');
    answers.release();

    await waitFor(() => expect(at('bairro')).toHaveValue('Bela Vista'));
    expect(at('cidade')).toHaveValue('São Paulo');
    expect(at('uf')).toHaveValue('SP');
    expect(at('logradouro')).toHaveValue('Rua do Operador');
    expect(
      screen.getByText('Endereço preenchido pelo CEP: confira e corrija se preciso.'),
    ).toBeInTheDocument();
    // Looked up once, though the CEP field was left after its eighth digit.
    expect(answers.asked).toEqual(['01310100']);
  });

  it('a new CEP replaces what the last one filled, not what was typed, and an old answer fills nothing', async () => {
    const { user } = await openAddresses();

    await user.click(at('cep'));
    await user.keyboard('01310100');
    await waitFor(() => expect(at('logradouro')).toHaveValue('Avenida Paulista'));
    await user.clear(at('bairro'));
    await user.paste('Bairro do Operador');

    // Another CEP whose answer is held; before it comes, the CEP changes again to an unknown one.
    const answers = holdCepAnswers();
    await user.clear(at('cep'));
    await user.type(at('cep'), '04101000');
    await waitFor(() => expect(answers.asked).toContain('04101000'));
    await user.clear(at('cep'));
    await user.type(at('cep'), '99999999');
    answers.release();

    await screen.findByText('CEP não encontrado no serviço de CEP: preencha o endereço.');
    // Nothing of 04101000's answer was written: its CEP is no longer the field's.
    expect(at('logradouro')).toHaveValue('Avenida Paulista');
    expect(at('bairro')).toHaveValue('Bairro do Operador');

    await user.clear(at('cep'));
    await user.type(at('cep'), '04101000');
    await waitFor(() => expect(at('logradouro')).toHaveValue('Rua Domingos de Morais'));
    expect(at('bairro')).toHaveValue('Bairro do Operador');
  });

  it('a CEP service that is down blocks nothing: it says so, the address is typed, and the step goes on', async () => {
    const { user } = await openAddresses();
    sandbox.server.use(http.get('*/__sandbox/cep/:cep/json/', () => HttpResponse.error()));
    await user.click(at('cep'));
    await user.keyboard('01310100');
    await screen.findByText('CEP não encontrado no serviço de CEP: preencha o endereço.');
    // The rest typed in as usual (pasted: its keys are not the subject), a number with a letter.
    const typed = {
      numero: '1000A',
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
    };
    for (const [name, text] of Object.entries(typed)) {
      await user.click(at(name));
      await user.paste(text);
    }
    await user.selectOptions(at('uf'), 'SP');
    await user.click(screen.getByText('Continuar', { selector: 'button' }));
    expect(await screen.findByText('Etapa 7 de 8', { exact: true })).toBeInTheDocument();
  });
});
