import Typography from '@mui/material/Typography';
import { useRuntimeConfig } from '@/config/config-context';
import { Cell, FormText } from '../fields/form-fields';
import { RowList } from '../fields/row-list';
import { cardLines, useDisplayContext } from '../review/sections';
import { useCreditApplicationTranslation } from '../texts';

/** Step 7: additional cards; their fields come from config (none: each is sent as `{}`). */
export function AdditionalCardsStep() {
  const { t } = useCreditApplicationTranslation();
  const { additionalCardFields } = useRuntimeConfig();
  const display = useDisplayContext();
  return (
    <RowList
      name="portador.cartoesadicionais"
      item="card"
      min={0}
      max={5}
      blank={() => Object.fromEntries(additionalCardFields.map((field) => [field, '']))}
      summary={(card) => cardLines(card, display).join(' · ')}
      fields={(index) =>
        additionalCardFields.length === 0 ? (
          <Cell md={12}>
            <Typography variant="body2" color="text.secondary">
              {t('creditApplication.rows.cardNoFields')}
            </Typography>
          </Cell>
        ) : (
          additionalCardFields.map((field) => (
            <Cell key={field} md={6}>
              <FormText name={`portador.cartoesadicionais.${index}.${field}`} />
            </Cell>
          ))
        )
      }
    />
  );
}
