import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PAGE_PATHS } from '@bilmarknaden/shared/page-paths';
import { renderRoutes } from '../../test/test-utils.tsx';
import PasswordResetRoute from './password-reset.tsx';

const routes = [PAGE_PATHS.forgotPassword, PAGE_PATHS.resetPassword].map((path) => ({
  path,
  element: <PasswordResetRoute />,
}));

describe('the password-reset chunk', () => {
  it.each([
    ['/forgot-password', 'Glömt lösenord'],
    ['/Forgot-Password/', 'Glömt lösenord'],
    ['/reset-password', 'Välj nytt lösenord'],
    ['/RESET-password/#token=abc', 'Välj nytt lösenord'],
  ])('%s shows %s', (path, heading) => {
    renderRoutes(routes, path);
    expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
