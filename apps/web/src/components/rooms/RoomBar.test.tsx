import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hostedRoom } from '../../testing/room';
import { RoomBar } from './RoomBar';
import { RoomGone } from './RoomGone';

describe('RoomBar', () => {
  it('names the host and says only what the host has done', () => {
    render(<RoomBar room={hostedRoom} youHost={false} />);
    expect(screen.getByTestId('room-host').textContent).toBe('Host: Ann');
    expect(screen.queryByTestId('room-locked')).toBeNull();
    expect(screen.queryByTestId('room-paused')).toBeNull();
  });

  it('shows locked and paused; closing outranks paused', () => {
    const { rerender } = render(
      <RoomBar room={{ ...hostedRoom, locked: true, paused: true }} youHost />,
    );
    expect(screen.getByTestId('room-host').textContent).toBe('You are the host');
    expect(screen.getByTestId('room-locked')).toBeTruthy();
    expect(screen.getByTestId('room-paused')).toBeTruthy();
    rerender(<RoomBar room={{ ...hostedRoom, paused: true, closing: true }} youHost />);
    expect(screen.getByTestId('room-closing')).toBeTruthy();
    expect(screen.queryByTestId('room-paused')).toBeNull();
  });
});

describe('RoomGone', () => {
  it('a removed player is told there is no way back, and given the way to the lobby', () => {
    render(<RoomGone reason="kicked" />);
    expect(screen.getByRole('heading').textContent).toMatch(/removed you/);
    expect(screen.getByText(/cannot come back/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the tables' }).getAttribute('href')).toBe(
      '/lobby/',
    );
  });
});
