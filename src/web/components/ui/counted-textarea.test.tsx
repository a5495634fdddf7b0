import { render, screen } from '@testing-library/react';
import { useState } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CountedTextarea } from './counted-textarea.js';

function Field({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <CountedTextarea label="Review (optional)" length={value.length} limit={20} error={error} value={value} onChange={(event) => setValue(event.target.value)} />
  );
}

/** What a screen reader reads after the box's name: the elements its aria-describedby names. */
const description = (box: HTMLElement) =>
  (box.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ');

describe('a text box with its counter', () => {
  it('is named by its label, described by its live count, and takes no more than its limit', async () => {
    render(<Field />);
    const box = screen.getByRole('textbox', { name: 'Review (optional)' });
    expect(description(box)).toBe('0/20');
    expect(box.getAttribute('maxlength')).toBe('20');
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    await userEvent.type(box, 'Kind and on time');
    expect(description(box)).toBe('16/20');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('announces its own problem and marks the box invalid', () => {
    render(<Field error="Review must be 1000 characters or less" />);
    expect(screen.getByRole('alert').textContent).toBe('Review must be 1000 characters or less');
    expect(screen.getByRole('textbox', { name: 'Review (optional)' }).getAttribute('aria-invalid')).toBe('true');
  });
});
