// Discord's client side of the Embedded App SDK's postMessage protocol, as the browser
// tests need it (@discord/embedded-app-sdk 2.5.0: output/Discord.mjs for the opcodes,
// output/schema/*.mjs and output/generated/schemas.mjs for the shapes the SDK parses).
//
// window.__config (from tests/browser/host.py): query (the frame's URL parameters), code
// (what AUTHORIZE answers), user {id, username, global_name}, locale (null: the locale
// command fails), participants [{id, username, global_name, nickname?, avatar?}] (a
// participant's avatar hash and server nickname, none unless given), invite_error (null:
// OPEN_INVITE_DIALOG opens; a message: Discord refuses it with that message).
// window.__commands records every command the page sent: {cmd, args}.
(function () {
  "use strict";
  const HANDSHAKE = 0, FRAME = 1, CLOSE = 2;
  const config = window.__config;
  const origin = window.location.origin;
  window.__commands = [];
  window.__handshakes = [];
  window.__closed = [];

  const frame = document.createElement("iframe");
  frame.id = "activity";
  frame.title = "Dou Dizhu";
  frame.allow = "autoplay; clipboard-write";
  frame.src = "/?" + new URLSearchParams(config.query).toString();
  document.body.append(frame);

  function send(payload) {
    frame.contentWindow.postMessage([FRAME, payload], origin);
  }

  function participant(p) {
    const shown = { id: p.id, username: p.username, global_name: p.global_name ?? p.username,
                    discriminator: "0", avatar: p.avatar ?? null, flags: 0, bot: false };
    if (p.nickname) shown.nickname = p.nickname;
    return shown;
  }

  function reply(cmd, nonce, data) {
    send({ cmd: cmd, evt: null, nonce: nonce, data: data });
  }

  function refuse(cmd, nonce, code, message) {
    send({ cmd: cmd, evt: "ERROR", nonce: nonce, data: { code: code, message: message } });
  }

  const answers = {
    AUTHORIZE: () => ({ code: config.code }),
    AUTHENTICATE: (args) => ({
      access_token: args.access_token,
      user: { id: config.user.id, username: config.user.username, discriminator: "0",
              avatar: null, public_flags: 0, global_name: config.user.global_name },
      scopes: ["identify"],
      expires: new Date(Date.now() + 7 * 86400e3).toISOString(),
      application: { id: config.app_id, name: "Dou Dizhu", description: "",
                     icon: null },
    }),
    USER_SETTINGS_GET_LOCALE: () => (config.locale === null ? null
      : { locale: config.locale }),
    GET_ACTIVITY_INSTANCE_CONNECTED_PARTICIPANTS: () => ({
      participants: config.participants.map(participant),
    }),
    OPEN_INVITE_DIALOG: () => (config.invite_error
      ? { error: { code: 4006, message: config.invite_error } } : {}),
    SUBSCRIBE: (args, payload) => ({ evt: payload.evt }),
    UNSUBSCRIBE: (args, payload) => ({ evt: payload.evt }),
  };

  window.addEventListener("message", (event) => {
    if (event.source !== frame.contentWindow || event.origin !== origin) return;
    if (!Array.isArray(event.data)) return;
    const [opcode, payload] = event.data;
    if (opcode === HANDSHAKE) {
      window.__handshakes.push(payload);
      // READY, as Discord dispatches it after the handshake (schema/events.mjs)
      send({ cmd: "DISPATCH", evt: "READY", nonce: null, data: {
        v: 1,
        config: { cdn_host: "cdn.discordapp.com", api_endpoint: "//discord.com/api",
                  environment: "production" },
        user: { id: config.user.id, username: config.user.username, discriminator: "0" },
      } });
      return;
    }
    if (opcode === CLOSE) {
      window.__closed.push(payload);
      return;
    }
    if (opcode !== FRAME) return;
    window.__commands.push({ cmd: payload.cmd, args: payload.args ?? null,
                             evt: payload.evt ?? null });
    const answer = answers[payload.cmd];
    const data = answer ? answer(payload.args || {}, payload) : null;
    if (data && data.error) {
      refuse(payload.cmd, payload.nonce, data.error.code, data.error.message);
    } else if (data === null || data === undefined) {
      refuse(payload.cmd, payload.nonce, 4000, `the test host does not answer ${payload.cmd}`);
    } else {
      reply(payload.cmd, payload.nonce, data);
    }
  });

  // what a test may do as Discord: a participants update (the SDK's subscription)
  window.__participants = (list) => send({
    cmd: "DISPATCH", evt: "ACTIVITY_INSTANCE_PARTICIPANTS_UPDATE", nonce: null,
    data: { participants: list.map(participant) },
  });
})();
