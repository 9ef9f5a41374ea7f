import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { memo } from 'react';
import type { BatchLabels } from './batch-labels';
import type { RowCategory } from './batch-rows';
import type { Tone } from './batch-table';
import { useAnalysisBatchTranslation } from './batch-texts';

/** "Todos" and a toggle per status with its count: the status chosen filters the table. */
export const BatchCategoryFilter = memo(function BatchCategoryFilter({
  total,
  counts,
  labels,
  active,
  onSelect,
}: {
  total: number;
  counts: ReadonlyMap<RowCategory, number>;
  labels: BatchLabels;
  active: RowCategory | null;
  onSelect: (category: RowCategory | null) => void;
}) {
  const { t, i18n } = useAnalysisBatchTranslation();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <Box
      role="group"
      aria-label={t('analysisBatch.results.filterLabel')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}
    >
      <CategoryButton
        category={null}
        label={t('analysisBatch.results.all')}
        count={number.format(total)}
        tone="outlined"
        pressed={active === null}
        onSelect={onSelect}
      />
      {[...counts].map(([key, count]) => (
        <CategoryButton
          key={key}
          category={key}
          label={labels.categoryLabel(key)}
          count={number.format(count)}
          tone={labels.categoryTone(key)}
          pressed={active === key}
          onSelect={onSelect}
        />
      ))}
    </Box>
  );
});

/** One count as a toggle: pressed, it filters the table to its rows. Its tone is a dot; the words carry it. */
const CategoryButton = memo(function CategoryButton({
  category,
  label,
  count,
  tone,
  pressed,
  onSelect,
}: {
  /** Null: "Todos". */
  category: RowCategory | null;
  label: string;
  count: string;
  tone: Tone;
  pressed: boolean;
  onSelect: (category: RowCategory | null) => void;
}) {
  return (
    <Button
      size="small"
      variant={pressed ? 'contained' : 'outlined'}
      color={pressed ? 'primary' : 'inherit'}
      aria-pressed={pressed}
      onClick={() => onSelect(category)}
      sx={{ textTransform: 'none', borderRadius: 4, borderColor: pressed ? undefined : 'divider' }}
    >
      {tone === 'outlined' ? null : (
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            width: 10,
            height: 10,
            borderRadius: '50%',
            mr: 0.75,
            flexShrink: 0,
            border: 1,
            borderColor: pressed ? 'primary.contrastText' : 'transparent',
            bgcolor: tone === 'neutral' ? 'text.disabled' : `${tone}.main`,
          }}
        />
      )}
      {label}{' '}
      <Box component="span" sx={{ ml: 0.5, fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}>
        {count}
      </Box>
    </Button>
  );
});
