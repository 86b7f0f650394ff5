package tme.api.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** CIDR blocks, and whose word on the client's address is taken: the TCP peer's unless it is a trusted proxy. */
class ClientAddressesTest {

    private static final TrustedProxies PROXIES =
            TrustedProxies.parse("TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.7, 2001:db8::/32");
    private final ClientAddresses clients = new ClientAddresses(PROXIES);

    @ParameterizedTest(name = "{0} in {1}: {2}")
    @CsvSource({
        "10.0.0.1, 10.0.0.0/8, true",
        "10.255.255.255, 10.0.0.0/8, true",
        "11.0.0.0, 10.0.0.0/8, false",
        "9.255.255.255, 10.0.0.0/8, false",
        "172.16.0.1, 172.16.0.0/12, true",
        "172.31.255.255, 172.16.0.0/12, true",
        "172.32.0.0, 172.16.0.0/12, false",
        "192.168.1.7, 192.168.1.7, true",
        "192.168.1.8, 192.168.1.7, false",
        "203.0.113.9, 0.0.0.0/0, true",
        "::ffff:10.1.2.3, 10.0.0.0/8, true",
        "2001:db8::1, 2001:db8::/32, true",
        "2001:db8:ffff:ffff::1, 2001:db8::/32, true",
        "2001:db9::1, 2001:db8::/32, false",
        "2001:db8::1, 2001:db8::1/128, true",
        "2001:db8::2, 2001:db8::1/128, false",
        "2400:cb00::1, 2400:cb00::/32, true",
        "::1, ::/0, true",
        "10.0.0.1, ::/0, false",
        "::1, 0.0.0.0/0, false",
        "fe80::1, fe80::/10, true",
        "febf::1, fe80::/10, true",
        "fec0::1, fe80::/10, false",
    })
    void cidr_contains(String address, String block, boolean inside) {
        assertEquals(inside, Cidr.parse(block).contains(IpAddresses.parse(address)));
    }

    @ParameterizedTest(name = "{0} is no block")
    @ValueSource(strings = {"10.0.0.0/33", "2001:db8::/129", "10.0.0.1/8", "10.0.0.0/", "10.0.0.0/-1", "10.0.0.0/x",
        "example.com", "10.0.0", "localhost/8", "2001:db8::1/32", ""})
    void cidr_rejectsWhatIsNoBlock(String text) {
        assertNull(Cidr.parse(text));
    }

    @Test
    void trustedProxies_nameTheBadEntry() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TrustedProxies.parse("TRUSTED_PROXIES", "10.0.0.0/8, example.com"));
        assertTrue(e.getMessage().startsWith("TRUSTED_PROXIES must be"), e.getMessage());
        assertTrue(e.getMessage().endsWith(": example.com"), e.getMessage());
        assertTrue(TrustedProxies.parse("TRUSTED_PROXIES", " , ").isEmpty());
    }

    @Test
    void addresses_parseTheFormsProxiesWrite_andNeverResolveNames() {
        assertEquals("203.0.113.7", IpAddresses.format(IpAddresses.parse(" 203.0.113.7:5123 ")));
        assertEquals("2001:db8::1", IpAddresses.format(IpAddresses.parse("[2001:db8::1]:443")));
        assertEquals("2001:db8::1", IpAddresses.format(IpAddresses.parse("2001:0db8:0:0:0:0:0:1")));
        assertEquals("1.2.3.4", IpAddresses.format(IpAddresses.parse("::ffff:1.2.3.4")));
        assertNull(IpAddresses.parse("localhost"));
        assertNull(IpAddresses.parse("unknown"));
        assertNull(IpAddresses.parse("[2001:db8::1"));
    }

    @Test
    void untrustedPeer_isTheClient_whateverTheHeadersSay() {
        assertEquals("203.0.113.7", clients.client("203.0.113.7", "1.1.1.1", List.of("9.9.9.9")));
        assertEquals("203.0.113.7", clients.client("203.0.113.7", null, List.of("10.0.0.1")));
        assertEquals("-", clients.client("-", "1.1.1.1", List.of("9.9.9.9")));
    }

    @Test
    void noTrustedProxies_thePeerIsTheClient() {
        ClientAddresses direct = new ClientAddresses(TrustedProxies.none());
        assertEquals("10.0.0.1", direct.client("10.0.0.1", "1.1.1.1", List.of("9.9.9.9")));
    }

    @Test
    void trustedPeer_cfConnectingIpFirst() {
        assertEquals("198.51.100.4", clients.client("10.0.0.1", "198.51.100.4", List.of("9.9.9.9")));
        assertEquals("2001:db9::5", clients.client("10.0.0.1", "2001:0db9::5", List.of()));
    }

    @Test
    void trustedPeer_unreadableCfConnectingIp_fallsBackToForwardedFor() {
        assertEquals("9.9.9.9", clients.client("10.0.0.1", "garbage", List.of("9.9.9.9")));
    }

    @Test
    void trustedPeer_rightMostUntrustedHop() {
        // The client wrote "6.6.6.6, 10.9.9.9" itself (a spoof, and a trusted-looking hop); our proxies appended the rest.
        List<String> chain = List.of("6.6.6.6, 10.9.9.9, 198.51.100.4, 10.0.0.2");
        assertEquals("198.51.100.4", clients.client("10.0.0.1", null, chain));
    }

    @Test
    void trustedPeer_forwardedForAcrossSeveralHeaders_readInOrder() {
        assertEquals("198.51.100.4", clients.client("10.0.0.1", null, List.of("6.6.6.6, 198.51.100.4", "10.0.0.3")));
        assertEquals("2001:db9::7", clients.client("2001:db8::9", null, List.of("[2001:db9::7]:1234")));
    }

    @Test
    void trustedPeer_everyHopTrusted_theLeftMost() {
        assertEquals("10.0.0.3", clients.client("10.0.0.1", null, List.of("10.0.0.3, 192.168.1.7")));
    }

    @Test
    void trustedPeer_noHeaders_isTheClient() {
        assertEquals("10.0.0.1", clients.client("10.0.0.1", null, List.of()));
    }

    @Test
    void trustedPeer_unreadableHop_endsTheWalkAtTheLastTrustedHop() {
        assertEquals("10.0.0.2", clients.client("10.0.0.1", null, List.of("6.6.6.6, unknown, 10.0.0.2")));
        assertEquals("10.0.0.1", clients.client("10.0.0.1", null, List.of("6.6.6.6, ")));
    }

    @Test
    void trustedPeer_aLongChainOfTrustedLookingHops_stopsAtTheLimit() {
        String hops = "6.6.6.6" + ", 10.0.0.9".repeat(ClientAddresses.MAX_HOPS + 10);
        String client = clients.client("10.0.0.1", null, List.of(hops));
        assertEquals("10.0.0.9", client);
        assertFalse(client.equals("6.6.6.6"));
    }

    @Test
    void limitKeys_perIpv4Address_perIpv6Slash64() {
        assertEquals("203.0.113.7", ClientLimits.key("203.0.113.7"));
        assertEquals("2001:db8:1:2::/64", ClientLimits.key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"));
        assertEquals(ClientLimits.key("2001:db8:1:2::1"), ClientLimits.key("2001:db8:1:2:ffff::9"));
        assertEquals("-", ClientLimits.key("-"));
    }
}
