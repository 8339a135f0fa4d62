import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, testDataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { i18nProvider } from '../../src/i18n';
import { SkipToContentButton } from '../../src/layout/SkipToContentButton';

afterEach(cleanup);

describe('SkipToContentButton', () => {
  it('is the first Tab stop, says "Zum Inhalt springen" and moves the focus into the main content (the browser then tabs on from there)', async () => {
    // Arrange
    const user = userEvent.setup();
    render(
      <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider}>
        <SkipToContentButton targetId="main-content" />
        <nav>
          <a href="#menu">Menü</a>
        </nav>
        <main id="main-content">
          <a href="#first">Erster Link im Inhalt</a>
        </main>
      </AdminContext>,
    );

    const focused: string[] = [];
    screen.getByRole('main').addEventListener('focus', (event) => focused.push((event.target as HTMLElement).id));

    // Act
    await user.tab();
    const skip = screen.getByRole('button', { name: 'Zum Inhalt springen' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');

    // Assert
    // As react-admin's button: focus on the main landmark, then blur, so no focus ring stays on it.
    expect(focused).toEqual(['main-content']);
    expect(screen.getByRole('main')).not.toHaveAttribute('tabindex');
  });
});
