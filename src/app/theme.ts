import { createTheme, type PaletteOptions, type Theme, type ThemeOptions } from '@mui/material/styles';

export type ColorMode = 'light' | 'dark';

// System fonts only: no web-font download, no third-party request.
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/**
 * The texts of MUI's own components that this app shows (the Autocomplete's buttons and messages, an
 * Alert's close button), in Portuguese; MUI's defaults are English. Written here rather than imported from
 * `@mui/material/locale`: its pt-BR module builds an `Intl.NumberFormat` as it loads (for pagination
 * labels no screen has), which cost ~30 ms (~120 ms at 4x CPU) before the first paint.
 */
const portugueseComponentTexts: ThemeOptions['components'] = {
  MuiAutocomplete: {
    defaultProps: {
      clearText: 'Limpar',
      closeText: 'Fechar',
      loadingText: 'Carregando…',
      noOptionsText: 'Sem opções',
      openText: 'Abrir',
    },
  },
  MuiAlert: { defaultProps: { closeText: 'Fechar' } },
};

/**
 * Motion off for an operator whose system asks for less of it (WCAG 2.3.3): MUI's transitions (dialogs,
 * drawers, collapsing rows) end at once and buttons show no ripple; focus rings and states stay.
 */
const reducedMotion: ThemeOptions = {
  transitions: {
    create: () => 'none',
    duration: {
      shortest: 0,
      shorter: 0,
      short: 0,
      standard: 0,
      complex: 0,
      enteringScreen: 0,
      leavingScreen: 0,
    },
  },
};

/** The two palettes, one per colour scheme. */
function paletteOf(mode: ColorMode): PaletteOptions {
  return {
    mode,
    primary: { main: mode === 'light' ? '#0b5cad' : '#8cc4ff' },
    secondary: { main: mode === 'light' ? '#6a1b9a' : '#ce93d8' },
    // MUI's light info (#0288d1) and warning (#ed6c02) give white text under 4.5:1 (filled status
    // chips failed axe's colour-contrast); these darker shades reach 4.8:1 and 5.0:1.
    ...(mode === 'light' ? { info: { main: '#0277bd' }, warning: { main: '#b45309' } } : {}),
    // Text on a filled colour (a chip, a contained button) is black or white, whichever reaches 4.5:1
    // (WCAG 1.4.3); MUI's default threshold of 3 put white on the dark theme's red (#f44336) at 3.7:1.
    contrastThreshold: 4.5,
    background:
      mode === 'light' ? { default: '#f5f7fa', paper: '#ffffff' } : { default: '#10141a', paper: '#171c24' },
  };
}

/**
 * The colour scheme a theme draws: the system's (`prefers-color-scheme`, decided by CSS alone), or the one
 * the operator picked.
 */
export type ColorScheme = 'system' | ColorMode;

/**
 * The app theme for a colour scheme and language (MUI's own component texts follow the language), with
 * motion unless the system asks for less.
 *
 * Every colour is a CSS variable (MUI's CSS theme variables), so that a component's styles, and so its
 * class names, are the same in both schemes, and the system's scheme needs no render. The system's
 * scheme is the variables' values under `@media (prefers-color-scheme: dark)`; a scheme the operator picks is one set of
 * values, with no media query. Components read colours through `theme.vars`, never `theme.palette`
 * (the light values only) nor `palette.mode`: `theme.applyStyles('dark', …)` for what differs.
 */
export function createAppTheme(scheme: ColorScheme, language: string, reduceMotion = false): Theme {
  // One focus ring for every control (WCAG 2.4.7, 1.4.11): 3 px of the primary colour, which is at least 6.2:1
  // against the light background and 9.3:1 against the dark ones. MUI's defaults (a grey fill on list
  // items, a ripple on icon buttons, nothing on outlined buttons) fall below 3:1. The app bar swaps the
  // colour for its own text colour (top-bar.tsx).
  const focusRing = { outline: '3px solid var(--mui-palette-primary-main)', outlineOffset: 2 } as const;
  // MUI marks keyboard focus with a class its script sets; `:focus-visible` is the browser's own verdict.
  const focused = '&.Mui-focusVisible, &:focus-visible';
  // Full-width items (navigation, menus) draw the ring inside, where no scroll container clips it.
  const insetFocusRing = { [focused]: { ...focusRing, outlineOffset: -3 } } as const;
  const colorSchemes =
    scheme === 'system'
      ? { light: { palette: paletteOf('light') }, dark: { palette: paletteOf('dark') } }
      : { [scheme]: { palette: paletteOf(scheme) } };
  return createTheme(
    {
      cssVariables: scheme === 'system' ? { colorSchemeSelector: 'media' } : true,
      colorSchemes,
      ...(scheme === 'system' ? {} : { defaultColorScheme: scheme }),
      typography: { fontFamily },
      shape: { borderRadius: 8 },
      components: {
        MuiButtonBase: {
          defaultProps: { disableRipple: reduceMotion },
          styleOverrides: { root: { [focused]: focusRing } },
        },
        // MUI draws its autofill keyframes with a <GlobalStyles> in every input: one more style sheet per
        // field (110 in a wizard with 10 addresses), each insertion a style recalculation. They are drawn
        // once instead (AutofillKeyframes), and the animation that tells MUI a field was autofilled (so
        // that its label moves out of the way) is put back here.
        MuiInputBase: {
          defaultProps: { disableInjectingGlobalStyles: true },
          styleOverrides: {
            input: {
              animationName: 'mui-auto-fill-cancel',
              animationDuration: '10ms',
              '&:-webkit-autofill': { animationDuration: '5000s', animationName: 'mui-auto-fill' },
            },
          },
        },
        MuiListItemButton: { styleOverrides: { root: insetFocusRing } },
        MuiMenuItem: { styleOverrides: { root: insetFocusRing } },
        MuiLink: { styleOverrides: { root: { '&:focus-visible': focusRing } } },
        MuiTableCell: { styleOverrides: { head: { fontWeight: 600 } } },
      },
    },
    { components: language.startsWith('en') ? {} : portugueseComponentTexts },
    reduceMotion ? reducedMotion : {},
  );
}

/**
 * The keyframes MUI's inputs animate on autofill (see MuiInputBase above), once for the whole app. Names
 * and bodies are MUI's (InputBase): its inputs tell an autofill from the animation's name, and a keyframe
 * that only names an animation changes nothing visible.
 */
export const autofillKeyframes = {
  '@keyframes mui-auto-fill': { from: { animationName: 'mui-auto-fill' } },
  '@keyframes mui-auto-fill-cancel': { from: { animationName: 'mui-auto-fill-cancel' } },
} as const;
