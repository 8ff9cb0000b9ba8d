import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { customerErrorMessage, loginErrorMessage } from './login-error';

describe('login error texts (spec §8)', () => {
  it('prefers the server message, then the validation errors joined with commas', () => {
    expect(loginErrorMessage(new ApiError(401, 'x', ['a', 'b'], 'Too many failed sign-in attempts. Please try again later.'))).toBe(
      'Too many failed sign-in attempts. Please try again later.',
    );
    expect(loginErrorMessage(new ApiError(400, 'x', ['Email is required', 'Password is required']))).toBe('Email is required, Password is required');
  });

  it('falls back to a text by status', () => {
    expect(loginErrorMessage(new ApiError(401, 'x'))).toBe('Invalid username or password');
    expect(loginErrorMessage(new ApiError(403, 'x'))).toBe('Access forbidden. Please contact support');
    expect(loginErrorMessage(new ApiError(404, 'x'))).toBe('User not found');
    expect(loginErrorMessage(new ApiError(500, 'x'))).toBe('Server error. Please try again later');
    expect(loginErrorMessage(new ApiError(418, 'x'))).toBe('Login failed. Please try again');
    expect(loginErrorMessage(new ApiError(0, 'x'))).toBe('Network error. Please check your connection');
    expect(loginErrorMessage(new Error('boom'))).toBe('Login failed. Please try again.');
  });

  it('shows a customer call problem detail, else the screen text', () => {
    expect(customerErrorMessage(new ApiError(400, 'x', [], 'Your current password is incorrect'), 'Failed to update password. Please try again.')).toBe(
      'Your current password is incorrect',
    );
    expect(customerErrorMessage(new ApiError(500, 'x'), 'Failed to update password. Please try again.')).toBe('Failed to update password. Please try again.');
  });
});
