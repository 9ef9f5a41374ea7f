/**
 * The floor of `npm run bench`: the bare stack of the app (React, MUI with a theme and baseline,
 * react-router's data router, TanStack Query) with one screen of the size of sign-in, all in the entry,
 * no config fetch, no i18n. Its first paint is what the stack alone costs; the app is measured as a ratio
 * to it in the same run, so machine noise cancels out.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CssBaseline from '@mui/material/CssBaseline';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import Paper from '@mui/material/Paper';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';

function SignIn() {
  const [token, setToken] = useState('');
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}>
      <Paper sx={{ p: 4, width: '100%', maxWidth: 560 }} elevation={2}>
        <Typography variant="overline" component="p" color="text.secondary">
          Cartões Back-office
        </Typography>
        <Typography variant="h4" component="h1" gutterBottom>
          Entrar
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mb: 3 }}>
          Cole o token de acesso emitido pelo provedor para operar o back-office.
        </Typography>
        <FormControl fullWidth>
          <InputLabel htmlFor="token">Token de acesso</InputLabel>
          <OutlinedInput
            id="token"
            name="token"
            label="Token de acesso"
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
          <FormHelperText>O token fica só na memória desta aba.</FormHelperText>
        </FormControl>
        <Button variant="contained" sx={{ mt: 2 }}>
          Entrar
        </Button>
      </Paper>
    </Box>
  );
}

const router = createBrowserRouter([{ path: '*', Component: SignIn }]);
const queryClient = new QueryClient();
const theme = createTheme({ palette: { primary: { main: '#0b5cad' } } });
const container = document.getElementById('root');
if (container)
  createRoot(container).render(
    <StrictMode>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>,
  );
