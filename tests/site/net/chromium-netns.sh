#!/bin/sh
# Chromium inside a network namespace of its own, for the WebRTC tests (test_net_live.py).
# Chromium gathers no ICE candidate on the loopback interface, and with its defaults it hides
# host addresses behind mDNS names that only multicast resolves. So the test browser gets a
# private namespace whose only links are loopback and one veth pair (by0/by1) that goes
# nowhere, with the address 10.213.0.1 on by0: WebRTC traffic between two pages stays inside
# this namespace, nothing can leave the machine, and the test runs with
# --disable-features=WebRtcHideLocalIpsWithMdns so the candidate is that address.
# Needs root (or user namespaces) for `unshare --net` and iproute2's `ip`.
exec unshare --net sh -c '
  ip link set lo up &&
  ip link add by0 type veth peer name by1 &&
  ip addr add 10.213.0.1/24 dev by0 &&
  ip link set by0 up && ip link set by1 up &&
  ip route add default dev by0 &&
  exec "${CHROMIUM:-/usr/bin/chromium}" "$@"' chromium "$@"
