/*
 * The Ananas widget embed: hand-written ES5 with no dependency, so any hotel site can load it and
 * it stays small. Markup on the host page:
 *   <div data-ananas-widget="TOKEN"></div><script async src="https://PORTAL/widget.js"></script>
 * It asks the portal for the published facts (refused unless the page's origin is whitelisted),
 * renders them with the widget's appearance and adds schema.org Hotel JSON-LD to the page head.
 * Each element's data-ananas-state ends as "shown", "refused" or "failed". The facts' titles and
 * values come in the visitor's browser language when the portal speaks it (else English), or in
 * the one the markup names: data-ananas-language="ru".
 */
(function () {
  'use strict';
  var me = document.currentScript;
  var base = me && me.src ? me.src.replace(/\/widget\.js(\?.*)?$/, '') : '';
  function el(tag, css, text) {
    var e = document.createElement(tag);
    if (css) e.style.cssText = css;
    if (text !== undefined) e.textContent = String(text);
    return e;
  }

  function jsonLd(data) {
    // Raw values by key: labels and printed texts are for people, schema.org wants the data.
    var f = {};
    for (var i = 0; i < data.facts.length; i++) f[data.facts[i].key] = data.facts[i].value;
    var ld = { '@context': 'https://schema.org', '@type': 'Hotel', name: data.hotel_name };
    var address = { '@type': 'PostalAddress' };
    if (f.address) address.streetAddress = f.address;
    if (f.zip_code) address.postalCode = f.zip_code;
    if (f.city) address.addressLocality = f.city;
    if (f.country) address.addressCountry = f.country;
    ld.address = address;
    if (f.phone) ld.telephone = f.phone;
    if (f.email) ld.email = f.email;
    if (f.rating) ld.starRating = { '@type': 'Rating', ratingValue: f.rating };
    if (f.check_in_time) ld.checkinTime = f.check_in_time;
    if (f.check_out_time) ld.checkoutTime = f.check_out_time;
    if (f.latitude && f.longitude) ld.geo = { '@type': 'GeoCoordinates', latitude: f.latitude, longitude: f.longitude };
    if (data.photos.length)
      ld.image = data.photos.map(function (p) {
        return p.url;
      });
    // The hotel's coded amenities (OpenTravel HAC), as schema.org location features.
    if (data.amenities && data.amenities.length)
      ld.amenityFeature = data.amenities.map(function (a) {
        return {
          '@type': 'LocationFeatureSpecification',
          name: a.name,
          value: true,
          propertyID: 'OTA ' + a.list + ' ' + a.code,
        };
      });
    var s = el('script');
    s.type = 'application/ld+json';
    s.textContent = JSON.stringify(ld);
    document.head.appendChild(s);
  }

  function render(host, data) {
    var s = data.settings;
    var box = el(
      'div',
      'box-sizing:border-box;font-family:' +
        s.font_select +
        ';font-size:' +
        s.font_size +
        'px;background:' +
        s.background_color +
        ';border:' +
        s.border_width +
        'px solid ' +
        s.border_color +
        ';padding:' +
        s.margin_y +
        'px ' +
        s.margin_x +
        'px',
    );
    if (s.logo_position !== 'none')
      box.appendChild(
        el('h3', 'margin:0 0 .5em;color:' + s.header_color + ';text-align:' + s.logo_position, data.hotel_name),
      );
    for (var k = 0; k < data.facts.length; k++) {
      box.appendChild(
        el('p', 'margin:.2em 0;color:' + s.paragraph_color, data.facts[k].label + ': ' + data.facts[k].text),
      );
    }
    if (data.photos.length) {
      var grid = el('div', 'display:flex;flex-wrap:wrap;margin-top:.5em');
      for (var i = 0; i < data.photos.length; i++) {
        var img = el('img', 'width:' + 100 / s.photos_per_row + '%;box-sizing:border-box;padding:2px');
        img.src = data.photos[i].url;
        img.alt = data.photos[i].alt;
        img.loading = 'lazy';
        grid.appendChild(img);
      }
      box.appendChild(grid);
    }
    host.textContent = '';
    host.appendChild(box);
    host.setAttribute('data-ananas-state', 'shown');
    jsonLd(data);
  }

  function load(host) {
    var token = host.getAttribute('data-ananas-widget');
    var xhr = new XMLHttpRequest();
    xhr.open('GET', base + '/api/widget/' + encodeURIComponent(token) + '/');
    var language = host.getAttribute('data-ananas-language');
    // Accept-Language is a CORS-safelisted header: no preflight.
    if (language) xhr.setRequestHeader('Accept-Language', language);
    xhr.onload = function () {
      if (xhr.status === 200) render(host, JSON.parse(xhr.responseText));
      else host.setAttribute('data-ananas-state', 'failed');
    };
    // A refused origin gets no CORS header: the browser reports a network error.
    xhr.onerror = function () {
      host.setAttribute('data-ananas-state', 'refused');
    };
    xhr.send();
  }

  var hosts = document.querySelectorAll('[data-ananas-widget]');
  for (var i = 0; i < hosts.length; i++) load(hosts[i]);
})();
