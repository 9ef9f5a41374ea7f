import { screen } from '@testing-library/react';
import { preloadRoute, renderRoute, setupTestSandbox } from '@/test/render-route';

const sandbox = setupTestSandbox();

beforeAll(() => preloadRoute('/entrar'));

describe('the token field', () => {
  it('is never a password field (browsers offer to save those), and stays out of the form history', async () => {
    const { user, container } = renderRoute('/entrar', { sandbox, token: null });
    const field = await screen.findByLabelText(/Token de acesso/);
    expect(field).toHaveAttribute('type', 'text');
    expect(field).toHaveAttribute('autocomplete', 'off');
    expect(container.ownerDocument.querySelectorAll('input[type="password"]')).toHaveLength(0);
    // Shown and hidden again: still a text field (the mask is a style, checked in e2e/shell-and-products.spec.ts).
    await user.click(screen.getByRole('button', { name: 'Mostrar token' }));
    await user.click(screen.getByRole('button', { name: 'Ocultar token' }));
    expect(field).toHaveAttribute('type', 'text');
  });
});
