import { fireEvent, render, screen } from '@testing-library/react';
import { Modal } from '@veo3/platform/ui/modal';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});

function renderModal() {
  render(
    <>
      <button type="button">On the page</button>
      <Modal
        open
        title="Buy the Starter pack"
        onClose={() => undefined}
        footer={
          <>
            <button type="button">Back to plans</button>
            <button type="button">Continue to payment</button>
            <button type="button" disabled>
              Disabled
            </button>
          </>
        }
      >
        <p>Summary</p>
      </Modal>
    </>,
  );
}

describe('Modal keyboard', () => {
  it('Tab from the last control comes back to the first, never to the page', () => {
    renderModal();
    const last = screen.getByRole('button', { name: 'Continue to payment' });
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('Shift+Tab from the first control goes to the last', () => {
    renderModal();
    const close = screen.getByRole('button', { name: 'Close' });
    close.focus();
    fireEvent.keyDown(close, { key: 'Tab', shiftKey: true });
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toHaveFocus();
  });

  it('leaves Tab between inner controls to the browser', () => {
    renderModal();
    const back = screen.getByRole('button', { name: 'Back to plans' });
    back.focus();
    expect(fireEvent.keyDown(back, { key: 'Tab' })).toBe(true);
    expect(back).toHaveFocus();
  });
});
