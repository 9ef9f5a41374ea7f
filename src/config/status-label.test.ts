import { statusLabel } from './status-label';

describe('statusLabel', () => {
  const approved = {
    value: 'APROVADO',
    label: { 'pt-BR': 'Aprovada', en: 'Approved' },
    tone: 'success',
  } as const;

  it('gives a known status its configured label in the UI language', () => {
    expect(statusLabel('APROVADO', approved, 'pt-BR')).toBe('Aprovada');
    expect(statusLabel('APROVADO', approved, 'en')).toBe('Approved');
  });

  it.each([
    ['AGUARDANDO_BIOMETRIA', 'Aguardando biometria'],
    ['EM_ANALISE_MANUAL', 'Em analise manual'],
    ['pending_review', 'Pending review'],
    ['Ok', 'Ok'],
  ])('reads an unknown status code %s as words: %s', (status, label) => {
    expect(statusLabel(status, undefined, 'pt-BR')).toBe(label);
  });

  it.each(['___', 'em análise', '<img src=x onerror=window.__x=1>', ''])('shows %j as it came', (status) => {
    expect(statusLabel(status, undefined, 'pt-BR')).toBe(status);
  });
});
