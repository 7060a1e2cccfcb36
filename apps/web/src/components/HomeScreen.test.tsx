import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HomeScreen } from './HomeScreen';

describe('HomeScreen', () => {
  it('exports the age gate with its button disabled: a press before the script runs is not lost in silence', () => {
    const html = renderToString(<HomeScreen />);
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>I am 18 or older<\/button>/);
  });

  it('enables the button and gives it the focus once the page can act on a press', () => {
    localStorage.clear();
    render(<HomeScreen />);
    const button = screen.getByRole('button', { name: 'I am 18 or older' });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(button);
  });
});
