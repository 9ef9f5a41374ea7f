import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { useDigitMask } from './use-digit-mask';

const phonePattern = (digits: string) => (digits.length > 8 ? '_____-____' : '____-____');

function Uncontrolled({ pattern }: { pattern: string | ((digits: string) => string) }) {
  const { attach, onChange } = useDigitMask(pattern);
  return <input aria-label="campo" ref={attach} onChange={onChange} />;
}

function Controlled() {
  const { attach, onChange } = useDigitMask('_____-___');
  const [value, setValue] = useState('');
  return (
    <>
      <input
        aria-label="cep"
        ref={attach}
        value={value}
        onChange={(event) => {
          onChange(event);
          setValue(event.target.value);
        }}
      />
      <output>{value}</output>
    </>
  );
}

describe('useDigitMask', () => {
  it('formats progressively as digits are typed, without delay between keys', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Uncontrolled pattern="___.___.___-__" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'campo' });
    await user.type(input, '529982');
    expect(input.value).toBe('529.982');
    await user.type(input, '24725999');
    expect(input.value).toBe('529.982.247-25');
  });

  it('keeps only the digits of pasted text', async () => {
    const user = userEvent.setup();
    render(<Uncontrolled pattern="___.___.___-__" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'campo' });
    await user.click(input);
    await user.paste('  529.982.247-25 ');
    expect(input.value).toBe('529.982.247-25');
  });

  it('backspace over a literal removes the digit before it', async () => {
    const user = userEvent.setup();
    render(<Uncontrolled pattern="___.___.___-__" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'campo' });
    await user.type(input, '5299');
    expect(input.value).toBe('529.9');
    await user.keyboard('{Backspace}');
    expect(input.value).toBe('529');
    await user.keyboard('{Backspace}');
    expect(input.value).toBe('52');
    await user.type(input, '99');
    expect(input.value).toBe('529.9');
    // The caret right after the "." : Backspace deletes the "." and with it the digit before.
    await user.type(input, '{Backspace}', { initialSelectionStart: 4, initialSelectionEnd: 4 });
    expect(input.value).toBe('529');
  });

  it('switches pattern with the number of digits (8 or 9 digit phones)', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Uncontrolled pattern={phonePattern} />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'campo' });
    await user.type(input, '32165498');
    expect(input.value).toBe('3216-5498');
    await user.type(input, '7');
    expect(input.value).toBe('32165-4987');
  });

  it('hands the formatted value to a controlled input', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Controlled />);
    await user.type(screen.getByRole('textbox', { name: 'cep' }), '01310100');
    expect(screen.getByRole('status')).toHaveTextContent('01310-100');
  });

  it('ignores letters', () => {
    render(<Uncontrolled pattern="__/__/____" />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'campo' });
    fireEvent.input(input, { target: { value: '3a1b1' } });
    expect(input.value).toBe('31/1');
  });
});

describe('useDigitMask with React onChange', () => {
  it('reports every keystroke to onChange, those that add or remove a literal included', async () => {
    const user = userEvent.setup({ delay: null });
    const seen: string[] = [];
    function Spy() {
      const { attach, onChange } = useDigitMask('___.___.___-__');
      return (
        <input
          aria-label="cpf"
          ref={attach}
          onChange={(event) => {
            onChange(event);
            seen.push(event.target.value);
          }}
        />
      );
    }
    render(<Spy />);
    const input = screen.getByRole<HTMLInputElement>('textbox', { name: 'cpf' });
    await user.type(input, '5299{Backspace}');
    expect(seen).toEqual(['5', '52', '529', '529.9', '529']);
  });
});
