import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import FirstTimeTips from './FirstTimeTips';

const title = () => screen.queryByRole('heading', { level: 2 })?.textContent ?? null;

describe('first-time tips at a live table', () => {
  beforeEach(() => localStorage.clear());

  it('shows the three tips one at a time, each dismissed for good in this browser', () => {
    const first = render(<FirstTimeTips />);
    expect(title()).toBe('Tip 1 of 3: Where to bet');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(title()).toBe('Tip 2 of 3: What Confirm does');
    first.unmount();
    // A new visit (a remount reads the storage again) starts where the last one stopped.
    const second = render(<FirstTimeTips />);
    expect(title()).toBe('Tip 2 of 3: What Confirm does');
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(title()).toBe('Tip 3 of 3: The shoe marker');
    expect(screen.queryByRole('button', { name: 'Hide all tips' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(title()).toBeNull();
    second.unmount();
    render(<FirstTimeTips />);
    expect(title()).toBeNull();
  });

  it('hides every tip at once, and survives unreadable storage', () => {
    localStorage.setItem('banco.tips.dismissed', '{not json');
    render(<FirstTimeTips />);
    expect(title()).toBe('Tip 1 of 3: Where to bet');
    fireEvent.click(screen.getByRole('button', { name: 'Hide all tips' }));
    expect(title()).toBeNull();
    expect(JSON.parse(localStorage.getItem('banco.tips.dismissed')!)).toEqual([
      'where-to-bet',
      'confirm',
      'shoe-marker',
    ]);
  });
});
