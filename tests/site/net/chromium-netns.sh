#!/bin/sh
# Chromium inside a network namespace of its own, for the WebRTC tests (test_net_live.py).
# Chromium gathers no ICE candidate on the loopback interface, and with its defaults it hides
# host addresses behind mDNS names that only multicast resolves. So the test browser gets a
# private namespace whose only links are loopback and one veth pair (by0/by1) that goes
# nowhere, with the address 10.213.0.1 on by0: WebRTC traffic between two pages stays inside
# this namespace, nothing can leave the machine, and the test runs with
# --disable-features=WebRtcHideLocalIpsWithMdns so the candidate is that address.
# Needs root (or user namespaces) for `unshare --net` and iproute2's `ip`.
#
# Chromium aborts the requests in flight (net::ERR_NETWORK_CHANGED) when the namespace's links
# change under it, so they are settled before it starts: no IPv6 (a link-local address would
# come a second later, once duplicate detection is done), and both ends of the veth pair seen
# "UP" (the kernel reports a link's state late, up to a second after it is set up).
# With $LIVE_SITE, netns_site.py serves that folder on the namespace's 127.0.0.1:8 first.
exec unshare --net sh -c '
  { [ ! -e /proc/sys/net/ipv6 ] || { echo 1 > /proc/sys/net/ipv6/conf/all/disable_ipv6 &&
    echo 1 > /proc/sys/net/ipv6/conf/default/disable_ipv6; }; } &&
  ip link set lo up &&
  ip link add by0 type veth peer name by1 &&
  ip addr add 10.213.0.1/24 dev by0 &&
  ip link set by0 up && ip link set by1 up &&
  ip route add default dev by0 &&
  tries=0 &&
  until ip -o link show by0 | grep -q "state UP" && ip -o link show by1 | grep -q "state UP"; do
    tries=$((tries + 1)); [ $tries -lt 500 ] || { echo "chromium-netns.sh: the veth never came up" >&2; exit 1; }
    sleep 0.01
  done &&
  if [ -n "${LIVE_SITE:-}" ]; then exec "$LIVE_PYTHON" "$LIVE_SERVE" "$@"; fi &&
  exec "${CHROMIUM:-/usr/bin/chromium}" "$@"' chromium "$@"
