// Enter that confirms an IME conversion (Japanese input) must never submit a form.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && (event.isComposing || event.keyCode === 229)) {
    const target = event.target as HTMLElement | null;
    if (target && target.closest('form')) event.preventDefault();
  }
}, true);
