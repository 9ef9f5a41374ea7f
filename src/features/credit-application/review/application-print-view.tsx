import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { printClasses } from '@/components/print';
import { PrintHeader, usePrintOperator } from '@/components/print-header';
import { formatDateTime } from '@/lib/date-time-format';
import { cpfShown, reviewSections, useDisplayContext, type ReviewRow } from './sections';
import { useCreditApplicationTranslation } from '../texts';
import type { ApplicationInput } from '../schema';

/** When the summary is printed after the send: when it left and the code the provider gave, if any. */
export interface SentReceipt {
  sentAt: Date;
  trackingCode: string | null;
}

const cell = {
  border: '1px solid #000',
  padding: '3px 6px',
  textAlign: 'left',
  verticalAlign: 'top',
} as const;

/**
 * The application on paper, for the customer's signature: the print header, whether it is a draft or
 * what was sent (when, with which tracking code), every section of the review as label–value rows (the
 * same rows as the screen, `reviewSections`), a declaration and two
 * signature lines. Rendered only while printing (src/components/print.tsx); it holds what the review holds
 * and nothing more (no token, no request body).
 */
export function ApplicationPrintView({
  values,
  sent,
}: {
  /** The application: the form before the send, the values sent after. */
  values: ApplicationInput;
  sent: SentReceipt | null;
}) {
  const { t, i18n } = useCreditApplicationTranslation();
  const context = useDisplayContext();
  const operator = usePrintOperator();
  const sections = reviewSections(values, context);
  const name = values.portador.nome.trim();
  const cpf = cpfShown(values.portador.cpf);

  return (
    <Box className={printClasses.only} data-testid="application-print" sx={{ fontSize: '10pt' }}>
      <PageNumbers />
      <PrintHeader title={t('creditApplication.print.title')}>
        {sent ? (
          <Box sx={{ mt: 0.5 }}>
            <Typography sx={{ fontSize: '10pt', fontWeight: 700 }}>
              {t('creditApplication.print.sentAt', { date: formatDateTime(sent.sentAt, i18n.language) })}
            </Typography>
            <Typography sx={{ fontSize: '10pt' }}>
              {sent.trackingCode
                ? t('creditApplication.print.trackingCode', { code: sent.trackingCode })
                : t('creditApplication.print.noTrackingCode')}
            </Typography>
            <Typography sx={{ fontSize: '10pt' }}>{t('creditApplication.print.statusHint')}</Typography>
          </Box>
        ) : (
          <Box sx={{ mt: 1, border: '2px solid #000', px: 1, py: 0.5, display: 'inline-block' }}>
            <Typography sx={{ fontSize: '11pt', fontWeight: 700 }}>
              {t('creditApplication.print.draft')}
            </Typography>
            <Typography sx={{ fontSize: '9pt' }}>{t('creditApplication.print.draftNote')}</Typography>
          </Box>
        )}
      </PrintHeader>

      {sections.map((section) => (
        <Box
          component="section"
          key={section.slug}
          aria-labelledby={`resumo-${section.slug}`}
          data-print-section={section.slug}
          sx={{ breakInside: 'avoid', mb: 1.5 }}
        >
          <Typography
            id={`resumo-${section.slug}`}
            component="h2"
            sx={{ fontSize: '11pt', fontWeight: 700, mb: 0.5, breakAfter: 'avoid' }}
          >
            {t(`creditApplication.steps.${section.step}`)}
          </Typography>
          <Rows rows={section.rows} emptyText={t('creditApplication.review.empty')} />
        </Box>
      ))}

      <Box component="section" data-print-section="signatures" sx={{ breakInside: 'avoid', mt: 3 }}>
        <Typography sx={{ fontSize: '10pt' }}>{t('creditApplication.print.declaration')}</Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 6, mt: 6 }}>
          <SignatureLine
            title={t('creditApplication.print.customerSignature')}
            name={name || cpf ? t('creditApplication.print.customerName', { name, cpf }) : ''}
          />
          <SignatureLine
            title={t('creditApplication.print.operatorSignature')}
            name={
              operator
                ? t('creditApplication.print.operatorName', { name: operator })
                : t('creditApplication.print.operatorUnknown')
            }
          />
        </Box>
      </Box>
    </Box>
  );
}

/** A section's rows: a two-column table whose rows never split across two pages. */
function Rows({ rows, emptyText }: { rows: readonly ReviewRow[]; emptyText: string }) {
  return (
    <Box
      component="table"
      sx={{
        width: '100%',
        borderCollapse: 'collapse',
        tableLayout: 'fixed',
        '& tr': { breakInside: 'avoid' },
        '& th, & td': cell,
        '& th': { fontWeight: 400, width: '32%' },
        '& td': { overflowWrap: 'anywhere' },
      }}
    >
      <tbody>
        {rows.map(({ label, lines }) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>
              {lines.length === 1
                ? lines[0] || emptyText
                : lines.map((line, number) => (
                    <span key={number}>
                      {number > 0 ? <br /> : null}
                      {line}
                    </span>
                  ))}
            </td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function SignatureLine({ title, name }: { title: string; name: string }) {
  return (
    <Box data-testid="signature-line" sx={{ borderTop: '1px solid #000', pt: 0.5 }}>
      <Typography sx={{ fontSize: '9pt', fontWeight: 700 }}>{title}</Typography>
      <Typography sx={{ fontSize: '9pt' }}>{name}</Typography>
    </Box>
  );
}

/** CSS string contents: a text of ours, quoted for a `content:` value. */
const cssString = (text: string) => `"${text.replace(/["\\]/g, '\\$&').replace(/\n/g, ' ')}"`;

/**
 * "página X de Y" in the bottom margin of every page, where the browser supports page-margin boxes
 * (Chromium does from 131). A plain `<style>`: the page-margin at-rules sit inside `@page`, which the
 * CSS-in-JS layer does not nest. While it is in the page the browser's own footer (the address) gives way.
 */
function PageNumbers() {
  const { t } = useCreditApplicationTranslation();
  const [before = '', middle = '', after = ''] = t('creditApplication.print.pageOf', {
    page: '\u0000',
    pages: '\u0000',
  }).split('\u0000');
  const content = [cssString(before), 'counter(page)', cssString(middle), 'counter(pages)', cssString(after)];
  return (
    <style>{`@page { @bottom-right { content: ${content.join(' ')}; font-size: 9pt; font-family: sans-serif; color: #000; } }`}</style>
  );
}
