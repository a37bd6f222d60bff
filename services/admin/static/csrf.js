// The staff CSRF token (services/staff/csrf.py) on the admin's own JavaScript requests:
// sqladmin's DELETE (jQuery.ajax) and CSV import (fetch) send it as X-CSRFToken.
(function () {
  'use strict';
  var meta = document.querySelector('meta[name="csrf-token"]');
  var token = meta ? meta.getAttribute('content') : '';
  if (!token) return;
  if (window.jQuery) {
    window.jQuery.ajaxSetup({ headers: { 'X-CSRFToken': token } });
  }
  var originalFetch = window.fetch;
  if (!originalFetch) return;
  window.fetch = function (input, init) {
    var options = init || {};
    var method = (options.method || (input && input.method) || 'GET').toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') {
      var headers = new Headers(options.headers || (input && input.headers) || {});
      if (!headers.has('X-CSRFToken')) headers.set('X-CSRFToken', token);
      options = Object.assign({}, options, { headers: headers });
    }
    return originalFetch.call(this, input, options);
  };
})();
