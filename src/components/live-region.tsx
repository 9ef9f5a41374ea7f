import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';

interface LiveRegionProps {
  /** What to say; null says nothing (the region stays in the DOM, empty). */
  message: string | null;
  /**
   * Changes whenever the same message must be said again (a second refused submit): the text node is
   * replaced, which screen readers announce as new content.
   */
  serial?: number;
  /**
   * `assertive` for errors, `polite` for results. An `aria-live` attribute, not role alert/status: an
   * empty region standing in the page is not an alert, and should not be counted as one.
   */
  politeness?: 'assertive' | 'polite';
  /** Visible regions keep their place in the layout; hidden ones only speak. */
  visible?: boolean;
  id?: string;
}

/**
 * A live region that exists before its text changes. Screen readers often skip a region inserted with
 * its text already in place, so screens render this once and only change `message`.
 */
export function LiveRegion({
  message,
  serial = 0,
  politeness = 'polite',
  visible = false,
  id,
}: LiveRegionProps) {
  return (
    <Box id={id} aria-live={politeness} aria-atomic="true" sx={visible ? undefined : visuallyHidden}>
      {message ? <span key={serial}>{message}</span> : null}
    </Box>
  );
}
