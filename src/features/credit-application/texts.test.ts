// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { creditApplicationRequestSchema } from '@/api/schemas/credit-application';
import { creditApplicationTexts } from './texts';

/**
 * The operator reads the operator's words: no HTTP status, JSON, `{}`, "sucesso:" or field name of the
 * interface in a text, except in the details view, whose keys end in "technical" (the raw request and
 * answer are shown there, as they are).
 */

/** Every key of the request body's schema, at any depth (`portador`, `nomeimpresso`, `numerododdd`…). */
function keysOf(schema: unknown, into = new Set<string>()): Set<string> {
  if (typeof schema !== 'object' || schema === null) return into;
  const shape: unknown = Reflect.get(schema, 'shape');
  if (typeof shape === 'object' && shape !== null)
    for (const [key, child] of Object.entries(shape)) {
      into.add(key);
      keysOf(child, into);
    }
  for (const inner of ['element', 'innerType', 'in', 'out']) keysOf(Reflect.get(schema, inner), into);
  return into;
}

/** Field names that are also the words operators use, spelled the same (the label says "CPF", "E-mail"…). */
const ORDINARY_WORDS = new Set(['nome', 'sexo', 'cpf', 'cep', 'email', 'bairro', 'cidade', 'complemento']);

function leaves(node: unknown, path: string[] = []): Array<{ path: string[]; text: string }> {
  if (typeof node === 'string') return [{ path, text: node }];
  if (typeof node !== 'object' || node === null) return [];
  return Object.entries(node).flatMap(([key, child]) => leaves(child, [...path, key]));
}

describe('the credit application texts', () => {
  const fieldNames = [...keysOf(creditApplicationRequestSchema)].filter((key) => !ORDINARY_WORDS.has(key));

  it('finds the interface’s field names to look for', () => {
    expect(fieldNames).toEqual(expect.arrayContaining(['portador', 'nomeimpresso', 'cartoesadicionais']));
  });

  for (const language of ['pt-BR', 'en'] as const)
    it(`say nothing technical outside the details view (${language})`, () => {
      const technical = leaves(creditApplicationTexts[language]).filter(
        ({ path }) => !path.some((key) => /technical$/i.test(key)),
      );
      const offending = technical.filter(
        ({ text }) =>
          /HTTP|JSON|\{\}|sucesso:/.test(text) ||
          fieldNames.some((name) => new RegExp(`(^|[^\\p{L}])${name}($|[^\\p{L}])`, 'u').test(text)),
      );
      expect(offending.map(({ path, text }) => `${path.join('.')}: ${text}`)).toEqual([]);
    });
});
