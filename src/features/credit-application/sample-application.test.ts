import { describe, expect, it } from 'vitest';
import {
  sampleApplication,
  sampleContext,
  typedApplication,
  typedPaths,
  typedValuesOf,
  withValueAt,
} from '@/test/sample-application';
import {
  blankApplication,
  createSchemas,
  stepOrder,
  type ApplicationInput,
  type FormStepKey,
} from './schema';

const schemas = createSchemas(sampleContext);
const formSteps = stepOrder.flatMap((step) => (step.key === 'review' ? [] : [step.key]));

function issuesOf(values: ApplicationInput, step?: FormStepKey) {
  const parsed = (step ? schemas.steps[step] : schemas.application).safeParse(values);
  return !parsed.success ? parsed.error.issues.map((issue) => issue.path.join('.')) : [];
}

describe('the sample applications', () => {
  it('pass every step and the whole form', () => {
    for (const values of [sampleApplication(), typedApplication()]) {
      expect(issuesOf(values)).toEqual([]);
      for (const step of formSteps) expect(issuesOf(values, step)).toEqual([]);
    }
  });

  it('keep what a test states, and the rest of a row', () => {
    const values = sampleApplication({
      portador: { nome: 'Joana Dias', telefones: [{ numerododdd: '21' }] },
    });
    expect(values.portador.nome).toBe('Joana Dias');
    expect(values.portador.telefones).toEqual([expect.objectContaining({ numerododdd: '21' })]);
    expect(values.portador.telefones[0]?.numerodotelefone).not.toBe('');
  });

  it('name, per step, exactly the fields an operator must type: a blank form plus them passes', () => {
    const values = typedApplication();
    for (const step of formSteps) {
      let typed = blankApplication(sampleContext);
      for (const { path, value } of typedValuesOf(step, values)) typed = withValueAt(typed, path, value);
      // The printed name is suggested by the page from the full name; here it is set as the page would.
      if (step === 'personal') typed.portador.nomeimpresso = values.portador.nomeimpresso;
      expect(issuesOf(typed, step)).toEqual([]);
      // ...and each of them is needed.
      for (const path of typedPaths[step])
        expect(issuesOf(withValueAt(typed, path, ''), step)).toContain(path);
    }
  });
});
