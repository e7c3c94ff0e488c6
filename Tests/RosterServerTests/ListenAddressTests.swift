import Testing
@testable import RosterServer
@testable import RosterServerCore

@Suite struct ListenAddressTests {
    @Test func onlyThisMachinesAddressesAreLoopback() {
        for host in ["127.0.0.1", "127.1.2.3", "localhost", "LOCALHOST", "::1", "[::1]"] {
            #expect(ListenAddress.isLoopback(host), "\(host)")
        }
        for host in ["0.0.0.0", "::", "192.168.1.20", "10.0.0.1", "127.0.0", "127.0.0.1.5", "example.com", "", "1270.0.0.1"] {
            #expect(!ListenAddress.isLoopback(host), "\(host)")
        }
    }

    @Test func aTrustedProxyIsNamedByItsAddress() {
        for address in ["10.0.0.2", "::1", "2001:db8::1"] { #expect(ListenAddress.isIPAddress(address), "\(address)") }
        for text in ["proxy.local", "10.0.0", "", "10.0.0.2/24", "[::1]"] { #expect(!ListenAddress.isIPAddress(text), "\(text)") }
    }
}
