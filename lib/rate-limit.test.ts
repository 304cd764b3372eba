import { rateLimitClient } from "@/lib/rate-limit";

describe("rateLimitClient", () => {
  it("counts an IPv4 address as it is, an IPv6 address by its /64, an IPv4-mapped address as its IPv4", () => {
    expect(rateLimitClient("203.0.113.7")).toBe("203.0.113.7");
    expect(rateLimitClient("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(rateLimitClient("2001:0db8:0001:0002:ffff:aaaa:bbbb:cccc")).toBe("2001:db8:1:2::/64");
    expect(rateLimitClient("2001:DB8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(rateLimitClient("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(rateLimitClient("::1")).toBe("0:0:0:0::/64");
    expect(rateLimitClient("::ffff:198.51.100.4")).toBe("198.51.100.4");
    expect(rateLimitClient("local")).toBe("local");
    expect(rateLimitClient("1:2:3")).toBe("1:2:3");
  });
});
