import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { renderInProviders } from '@/test/render-route';
import { rows } from '../field-kinds/rows';
import { email } from '../field-kinds/email';
import { personName } from '../field-kinds/text';
import { StepFields } from './step-fields';
import { fieldsOf } from './wizard';

/** A step whose schema puts a field before and after a field array: each is drawn, in that order. */
const step = z.object({
  portador: z.object({
    nomedamae: personName(),
    telefones: rows(z.object({ numerododdd: personName() }), { item: 'phone', min: 1, max: 10 }),
    email: email(),
  }),
});

function Form({ children }: { children: ReactNode }) {
  const form = useForm({
    defaultValues: { portador: { nomedamae: '', telefones: [{ numerododdd: '' }], email: '' } },
  });
  return <FormProvider {...form}>{children}</FormProvider>;
}

it('draws the fields beside a field array, in the schema order', () => {
  // Nothing here asks the network: the sandbox's addresses are never called.
  const sandbox = { baseUrl: 'http://127.0.0.1:1/api', accountsBaseUrl: 'http://127.0.0.1:1/accounts' };
  renderInProviders(
    <Form>
      <StepFields fields={fieldsOf(step)} />
    </Form>,
    { sandbox },
  );
  const drawn = screen.getAllByRole('textbox').map((input) => input.getAttribute('name'));
  expect(drawn).toEqual(['portador.nomedamae', 'portador.telefones.0.numerododdd', 'portador.email']);
  expect(screen.getByRole('button', { name: 'Adicionar telefone' })).toBeInTheDocument();
});
