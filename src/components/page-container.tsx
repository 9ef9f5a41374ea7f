import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from '@/hooks/use-translation';

interface PageContainerProps {
  /** The page heading; also the document title ("<title> · Cartões Back-office"). */
  title: string;
  /** Prefixed to the document title while the page shows errors, e.g. "Erro". Never personal data. */
  titlePrefix?: string;
  intro?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}

/** The frame of every screen: one h1, the document title, an optional intro and actions. */
export function PageContainer({ title, titlePrefix, intro, actions, children }: PageContainerProps) {
  const { t } = useTranslation();
  const documentTitle = `${titlePrefix ? `${titlePrefix}: ` : ''}${title} · ${t('app.titleSuffix')}`;
  return (
    <Box component="section" aria-labelledby="page-title" sx={{ maxWidth: 1200, mx: 'auto' }}>
      {/* React 19 hoists <title> into <head>. */}
      <title>{documentTitle}</title>
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', justifyContent: 'space-between', mb: 2 }}
      >
        <Box>
          <Typography id="page-title" variant="h4" component="h1" tabIndex={-1} sx={{ outline: 'none' }}>
            {title}
          </Typography>
          {intro ? (
            <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
              {intro}
            </Typography>
          ) : null}
        </Box>
        {actions ? <Box sx={{ flexShrink: 0 }}>{actions}</Box> : null}
      </Stack>
      {children}
    </Box>
  );
}
