import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { sessionStore } from '@veo3/platform/session/session-store';
import { signInForTest } from '@veo3/platform/testing/test-session';
import BlogAdminPage from './blog-admin-page';

const manager = { can_manage_blog: true };

function renderAdmin() {
  return render(
    <MemoryRouter initialEntries={['/blog-admin']}>
      <Routes>
        <Route path="/blog-admin" element={<BlogAdminPage />} />
        <Route path="/login" element={<p>Login screen</p>} />
        <Route path="/" element={<p>Home screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const titleInput = () => screen.getByLabelText(/^Title/) as HTMLInputElement;
const contentInput = () => screen.getByLabelText(/^Content/) as HTMLTextAreaElement;
const saveButton = () => screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;

beforeEach(() => {
  localStorage.clear();
  sessionStore.restore();
});

describe('BlogAdminPage access', () => {
  it('sends a signed-out visitor to the login page', () => {
    renderAdmin();
    expect(screen.getByText('Login screen')).toBeTruthy();
  });

  it('tells a signed-in user without blog permission, with a way home', () => {
    signInForTest({ can_manage_blog: false });
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'You do not have blog management permissions' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('BlogAdminPage for a blog manager', () => {
  beforeEach(() => signInForTest(manager));

  it('shows the header and the empty article list with its columns', () => {
    renderAdmin();
    expect(screen.getByRole('heading', { level: 1, name: 'Blog Management' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
    const table = screen.getByRole('table', { name: 'Article List' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Title', 'Status', 'Views', 'Created Time', 'Actions']);
    expect(within(table).getByText('No articles yet')).toBeTruthy();
    expect(document.title).toBe('Blog Management | Veo 3 Studio');
  });

  it('opens a blank new-article form with every field', () => {
    renderAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    expect(screen.getByRole('heading', { level: 2, name: 'New Article' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(titleInput().value).toBe('');
    expect(titleInput().required).toBe(true);
    expect((screen.getByLabelText('Excerpt') as HTMLTextAreaElement).rows).toBe(3);
    expect((screen.getByLabelText('Featured Image') as HTMLInputElement).type).toBe('file');
    expect(contentInput().required).toBe(true);
    expect(screen.getByLabelText('SEO Title')).toBeTruthy();
    expect(screen.getByLabelText('SEO Description')).toBeTruthy();
    const status = screen.getByLabelText('Status') as HTMLSelectElement;
    expect(status.value).toBe('draft');
    expect(Array.from(status.options).map((o) => o.textContent)).toEqual(['Draft', 'Published', 'Archived']);
  });

  it('enables Save only once title and content are both filled in', () => {
    renderAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(titleInput(), { target: { value: 'My first article' } });
    expect(saveButton().disabled).toBe(true);
    fireEvent.change(contentInput(), { target: { value: 'Hello' } });
    expect(saveButton().disabled).toBe(false);
    fireEvent.change(titleInput(), { target: { value: '   ' } });
    expect(saveButton().disabled).toBe(true);
  });

  it('updates the URL preview as the title is typed', () => {
    renderAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    expect(screen.getByText('http://localhost/blog/untitled-post')).toBeTruthy();
    fireEvent.change(titleInput(), { target: { value: 'Veo 3: Sound On!' } });
    expect(screen.getByText('http://localhost/blog/veo-3-sound-on')).toBeTruthy();
  });

  it('says that saving is not available yet instead of pretending to save', () => {
    renderAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    fireEvent.change(titleInput(), { target: { value: 'Title' } });
    fireEvent.change(contentInput(), { target: { value: 'Body' } });
    fireEvent.click(saveButton());
    expect(screen.getByRole('status').textContent).toBe(
      'Saving is not available yet, so this article has not been saved.',
    );
    expect(titleInput().value).toBe('Title');
  });

  it.each(['Cancel', 'Back to List'])('%s returns to the list and forgets the draft', (button) => {
    renderAdmin();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    fireEvent.change(titleInput(), { target: { value: 'Unsaved idea' } });
    fireEvent.click(screen.getByRole('button', { name: new RegExp(button) }));
    expect(screen.getByRole('table', { name: 'Article List' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New Article' }));
    expect(titleInput().value).toBe('');
  });
});
