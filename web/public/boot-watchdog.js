// Spec 8: a loading placeholder still showing after 3 s means the app failed to boot; reload once.
// A file of its own, not inline, so the Content-Security-Policy can forbid inline script.
setTimeout(() => {
  const stuck = document.getElementById('app-loading');
  if (stuck && !sessionStorage.getItem('dentalflow:boot-reload')) {
    sessionStorage.setItem('dentalflow:boot-reload', '1');
    location.reload();
  }
}, 3000);
window.addEventListener('load', () => {
  setTimeout(() => {
    if (!document.getElementById('app-loading')) sessionStorage.removeItem('dentalflow:boot-reload');
  }, 3100);
});
