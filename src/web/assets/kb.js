// The Copy buttons: copy the named field's value, and say so to screen readers.
document.addEventListener('click', function (event) {
  var button = event.target.closest && event.target.closest('button[data-copy]');
  if (!button) return;
  var field = document.getElementById(button.getAttribute('data-copy'));
  if (!field) return;
  var done = button.parentElement.parentElement.querySelector('.copy-done');
  var say = function () { if (done) done.textContent = done.getAttribute('data-copied'); };
  field.select();
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(field.value).then(say, function () { document.execCommand('copy'); say(); });
  } else {
    document.execCommand('copy');
    say();
  }
});
