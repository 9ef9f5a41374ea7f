import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useSyncExternalStore, type ReactNode } from 'react';
import { session } from '@/api/session';
import { useRuntimeConfig } from '@/config/config-context';
import { formatDateTime } from '@/lib/date-time-format';
import { defineTexts } from '@/lib/texts';
import { bindTexts } from '@/hooks/use-translation';

const printTexts = defineTexts(
  {
    environment: 'Ambiente: {{name}}',
    printedAt: 'Emitido em {{date}}',
    operator: 'Operador: {{name}}',
    // A line to write the name on: no verified identity names the operator (a pasted token's claims
    // are not believed).
    operatorUnknown: 'Operador: ______________________________',
  },
  {
    environment: 'Environment: {{name}}',
    printedAt: 'Printed on {{date}}',
    operator: 'Operator: {{name}}',
    operatorUnknown: 'Operator: ______________________________',
  },
);
const usePrintTranslation = bindTexts('print', printTexts);

/** Environment names that mean production, where the printed page does not name the environment. */
const PRODUCTION = /^(produ[cç][aã]o|production|prod)$/i;

export function isProductionEnvironment(name: string): boolean {
  return PRODUCTION.test(name.trim());
}

/**
 * The operator a printout names: the verified subject (OpenID Connect), never what a pasted token claims
 * (anyone can write a token naming anyone). Never a customer's data.
 */
export function usePrintOperator(): string | null {
  const state = useSyncExternalStore(session.subscribe, session.getState, session.getState);
  return state.status === 'signed-out' ? null : state.verifiedSubject;
}

/**
 * The top of every printed page layout: the institution (`institutionName`), the environment when it is
 * not production (a test printout must not pass for a real one), the title, when it was printed and by
 * whom (the verified subject, when there is one). Never personal data of a customer.
 */
export function PrintHeader({ title, children }: { title: string; children?: ReactNode }) {
  const { t, i18n } = usePrintTranslation();
  const { institutionName, environmentName } = useRuntimeConfig();
  const operator = usePrintOperator();
  // Read once per render of the print layout, which happens when printing starts.
  const printedAt = formatDateTime(new Date(), i18n.language);
  return (
    <Box component="header" sx={{ borderBottom: '2px solid #000', pb: 1, mb: 2 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, alignItems: 'baseline' }}>
        <Typography sx={{ fontWeight: 700, fontSize: '11pt' }}>{institutionName}</Typography>
        {isProductionEnvironment(environmentName) ? null : (
          <Typography sx={{ fontWeight: 700, fontSize: '11pt', border: '1px solid #000', px: 1 }}>
            {t('print.environment', { name: environmentName })}
          </Typography>
        )}
      </Box>
      <Typography component="h1" sx={{ fontSize: '16pt', fontWeight: 700, mt: 1 }}>
        {title}
      </Typography>
      <Typography sx={{ fontSize: '10pt' }}>
        {t('print.printedAt', { date: printedAt })} ·{' '}
        {operator ? t('print.operator', { name: operator }) : t('print.operatorUnknown')}
      </Typography>
      {children}
    </Box>
  );
}
