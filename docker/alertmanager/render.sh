#!/bin/sh
# Writes Alertmanager's configuration for Candor to stdout, from the environment (Alertmanager reads no
# variables itself). docker/compose.yaml runs it before Alertmanager starts; the alert-routing test runs it too.
#   SMTP_URL            smtp://user:pass@host:587 or smtps://user:pass@host:465: the same setting the worker
#                       sends mail with (ALERT_SMTP_SMARTHOST / _USERNAME / _PASSWORD override its parts;
#                       use them for credentials with URL-escaped characters)
#   ALERT_EMAIL_TO      who receives alert mails (comma-separated)     ALERT_SMTP_FROM  the sender address
#   ALERT_WEBHOOK_URL   where alerts are POSTed as JSON (a chat bridge, a pager, an incident tool)
#   ALERT_SMTP_REQUIRE_TLS  true (default) or false (only for a mail server on a private network)
#   ALERT_GROUP_WAIT    how long the first alert of a group waits for others (default 30s)
# Every alert with a severity (all of docker/prometheus/alerts.yml) goes to both receivers.
set -eu

fail() {
  echo "alertmanager config: $*" >&2
  exit 64
}

if [ -n "${SMTP_URL:-}" ]; then
  scheme=${SMTP_URL%%://*}
  rest=${SMTP_URL#*://}
  rest=${rest%%/*}
  url_hostport=${rest##*@}
  case $url_hostport in
    *:*) ;;
    *) if [ "$scheme" = smtps ]; then url_hostport="$url_hostport:465"; else url_hostport="$url_hostport:587"; fi ;;
  esac
  url_user=
  url_pass=
  case $rest in
    *@*)
      cred=${rest%@*}
      url_user=${cred%%:*}
      case $cred in *:*) url_pass=${cred#*:} ;; esac
      ;;
  esac
fi
smarthost=${ALERT_SMTP_SMARTHOST:-${url_hostport:-}}
user=${ALERT_SMTP_USERNAME:-${url_user:-}}
pass=${ALERT_SMTP_PASSWORD:-${url_pass:-}}

[ -n "$smarthost" ] || fail "set SMTP_URL (or ALERT_SMTP_SMARTHOST=host:port): the mail server alerts are sent through"
[ -n "${ALERT_EMAIL_TO:-}" ] || fail "set ALERT_EMAIL_TO: who receives alert mails"
[ -n "${ALERT_SMTP_FROM:-}" ] || fail "set ALERT_SMTP_FROM: the sender address of alert mails"
[ -n "${ALERT_WEBHOOK_URL:-}" ] || fail "set ALERT_WEBHOOK_URL: where alerts are POSTed as JSON"
case ${ALERT_SMTP_REQUIRE_TLS:-true} in true | false) ;; *) fail "ALERT_SMTP_REQUIRE_TLS must be true or false" ;; esac
case ${ALERT_GROUP_WAIT:-30s} in *[!0-9smh]* | '') fail "ALERT_GROUP_WAIT must be a duration such as 30s" ;; esac

# A YAML double-quoted string.
q() {
  printf '"%s"' "$(printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g')"
}

cat <<EOF
global:
  smtp_smarthost: $(q "$smarthost")
  smtp_from: $(q "$ALERT_SMTP_FROM")
  smtp_require_tls: ${ALERT_SMTP_REQUIRE_TLS:-true}
EOF
if [ -n "$user" ]; then
  echo "  smtp_auth_username: $(q "$user")"
  echo "  smtp_auth_password: $(q "$pass")"
fi
cat <<EOF
route:
  # Anything without a severity still reaches someone: the mail receiver.
  receiver: email
  group_by: [alertname]
  group_wait: ${ALERT_GROUP_WAIT:-30s}
  group_interval: 5m
  repeat_interval: 4h
  routes:
    - receiver: email
      matchers: ['severity=~"critical|warning"']
      continue: true
    - receiver: webhook
      matchers: ['severity=~"critical|warning"']
receivers:
  - name: email
    email_configs:
      - to: $(q "$ALERT_EMAIL_TO")
        send_resolved: true
  - name: webhook
    webhook_configs:
      - url: $(q "$ALERT_WEBHOOK_URL")
        send_resolved: true
# A critical alert silences the warnings of the same name while it fires.
inhibit_rules:
  - source_matchers: ['severity="critical"']
    target_matchers: ['severity="warning"']
    equal: [alertname]
EOF
