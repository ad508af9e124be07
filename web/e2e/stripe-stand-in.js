// A stand-in for Stripe.js, served in place of https://js.stripe.com/… by the browser tests only
// (store-stripe.test.mjs routes the address here; no machine of ours reaches Stripe). It offers
// the part of Stripe.js the portal's checkout uses: Stripe(publishableKey) → elements({
// clientSecret }) → create('payment') → mount(), a Payment Element drawn as a plain card form
// (number, expiry, CVC), and confirmPayment({ elements, redirect, confirmParams }). Confirming
// posts the intent's client secret and the card to Stripe's confirm address for the intent
// (https://api.stripe.com/v1/payment_intents/{id}/confirm, as Stripe.js does, so portald's
// Content-Security-Policy applies to it as to Stripe.js), which the test answers in Node:
// it confirms the PaymentIntent against stripe-mock and delivers Stripe's signed
// payment_intent.succeeded webhook to portald, as Stripe would. Nothing here is in the app.
(function () {
  'use strict';

  var API = 'https://api.stripe.com/v1/payment_intents/';
  var ids = 0;

  function digits(text) {
    return String(text || '').replace(/\D/g, '');
  }

  /** A labelled field of the card form. */
  function field(form, label, attributes) {
    var id = 'stripe-stand-in-' + ++ids;
    var wrap = document.createElement('div');
    wrap.style.cssText = 'display:flex;flex-direction:column;gap:4px;min-width:0;flex:1 1 120px';
    var text = document.createElement('label');
    text.htmlFor = id;
    text.textContent = label;
    text.style.cssText = 'font-size:14px;font-weight:500';
    var input = document.createElement('input');
    input.id = id;
    input.style.cssText =
      'font:inherit;color:inherit;background:transparent;border:1px solid #8b8d98;' +
      'border-radius:6px;padding:8px 10px;width:100%;box-sizing:border-box;min-width:0';
    Object.keys(attributes).forEach(function (name) {
      input.setAttribute(name, attributes[name]);
    });
    wrap.appendChild(text);
    wrap.appendChild(input);
    form.appendChild(wrap);
    return input;
  }

  function paymentElement() {
    var handlers = {};
    var root = null;
    var inputs = null;
    function emit(event, payload) {
      (handlers[event] || []).slice().forEach(function (handler) {
        handler(payload);
      });
    }
    function card() {
      if (!inputs) return { complete: false };
      var number = digits(inputs.number.value);
      var expiry = digits(inputs.expiry.value);
      var cvc = digits(inputs.cvc.value);
      return {
        number: number,
        complete: number.length >= 15 && expiry.length === 4 && cvc.length >= 3,
        empty: !number && !expiry && !cvc,
      };
    }
    var element = {
      mount: function (node) {
        var target = typeof node === 'string' ? document.querySelector(node) : node;
        root = document.createElement('div');
        root.setAttribute('data-stripe-stand-in', 'payment');
        root.style.cssText = 'display:flex;flex-wrap:wrap;gap:12px';
        inputs = {
          number: field(root, 'Card number', {
            autocomplete: 'cc-number',
            inputmode: 'numeric',
            placeholder: '1234 1234 1234 1234',
          }),
          expiry: field(root, 'Expiration date', {
            autocomplete: 'cc-exp',
            inputmode: 'numeric',
            placeholder: 'MM / YY',
          }),
          cvc: field(root, 'Security code', {
            autocomplete: 'cc-csc',
            inputmode: 'numeric',
            placeholder: 'CVC',
          }),
        };
        root.addEventListener('input', function () {
          var c = card();
          emit('change', { elementType: 'payment', complete: c.complete, empty: c.empty });
        });
        target.appendChild(root);
        setTimeout(function () {
          emit('ready', { elementType: 'payment' });
        }, 0);
        return element;
      },
      on: function (event, handler) {
        (handlers[event] = handlers[event] || []).push(handler);
        return element;
      },
      off: function (event, handler) {
        handlers[event] = (handlers[event] || []).filter(function (h) {
          return h !== handler;
        });
        return element;
      },
      update: function () {},
      focus: function () {
        if (inputs) inputs.number.focus();
      },
      blur: function () {},
      clear: function () {},
      collapse: function () {},
      unmount: function () {
        if (root) root.remove();
      },
      destroy: function () {
        if (root) root.remove();
        root = null;
        inputs = null;
      },
      _card: card,
    };
    return element;
  }

  function elementsGroup(options) {
    var payment = null;
    return {
      _clientSecret: options && options.clientSecret,
      _card: function () {
        return payment ? payment._card() : { complete: false };
      },
      create: function (type) {
        if (type !== 'payment')
          throw new Error('The Stripe.js stand-in has no ' + type + ' element');
        payment = paymentElement();
        return payment;
      },
      getElement: function (type) {
        return type === 'payment' ? payment : null;
      },
      update: function () {},
      fetchUpdates: function () {
        return Promise.resolve({});
      },
      submit: function () {
        return Promise.resolve({});
      },
    };
  }

  function unsupported(name) {
    return function () {
      return Promise.reject(new Error('The Stripe.js stand-in has no ' + name));
    };
  }

  function Stripe(publishableKey) {
    if (typeof publishableKey !== 'string' || publishableKey.indexOf('pk_') !== 0) {
      throw new Error('Invalid publishable key: ' + publishableKey);
    }
    return {
      _registerWrapper: function () {},
      registerAppInfo: function () {},
      elements: function (options) {
        return elementsGroup(options || {});
      },
      createToken: unsupported('createToken'),
      createPaymentMethod: unsupported('createPaymentMethod'),
      confirmCardPayment: unsupported('confirmCardPayment'),
      confirmPayment: function (params) {
        var elements = params && params.elements;
        if (!elements || !elements._clientSecret) {
          return Promise.resolve({
            error: { type: 'invalid_request_error', message: 'No Elements with a client secret.' },
          });
        }
        var card = elements._card();
        if (!card.complete) {
          return Promise.resolve({
            error: { type: 'validation_error', message: 'Your card details are incomplete.' },
          });
        }
        return window
          .fetch(API + elements._clientSecret.split('_secret_')[0] + '/confirm', {
            method: 'POST',
            headers: { 'Content-Type': 'text/plain' },
            body: JSON.stringify({
              publishable_key: publishableKey,
              client_secret: elements._clientSecret,
              card_number: card.number,
              redirect: params.redirect,
              return_url: params.confirmParams && params.confirmParams.return_url,
            }),
          })
          .then(function (res) {
            return res.json().then(function (body) {
              if (!res.ok || body.error) {
                return {
                  error: body.error || {
                    type: 'api_error',
                    message: 'The payment could not be confirmed.',
                  },
                };
              }
              return { paymentIntent: body.payment_intent };
            });
          });
      },
    };
  }
  // The release of Stripe.js @stripe/stripe-js 10 expects (it warns of another).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
