import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * Below MUI's `sm` breakpoint (600 px, phones, and 320 px at 400 % zoom): dialogs go full screen there,
 * because a floating dialog leaves its fields and the on-screen keyboard no room.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
}
