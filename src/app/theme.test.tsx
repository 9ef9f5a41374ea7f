import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import { createAppTheme } from './theme';

function renderWithTheme(language: string) {
  return render(
    <ThemeProvider theme={createAppTheme('light', language)}>
      <Autocomplete options={['1']} renderInput={(params) => <TextField {...params} label="Conta" />} />
      <Alert onClose={() => undefined}>Aviso</Alert>
    </ThemeProvider>,
  );
}

describe('createAppTheme', () => {
  it("speaks Portuguese in MUI's own components (the combobox's button, an alert's close)", () => {
    renderWithTheme('pt-BR');
    expect(screen.getByRole('button', { name: 'Abrir' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fechar' })).toBeInTheDocument();
  });

  it('leaves them in English, MUI’s own language, in English', () => {
    renderWithTheme('en');
    expect(screen.getByRole('button', { name: 'Open' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});
