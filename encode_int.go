package jgen

// digitPairs holds "00" to "99": the two decimal digits of each number
// below 100 at index 2n.
const digitPairs = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

// appendUint appends the decimal form of u, as strconv.AppendUint(b, u,
// 10) does, eight digits per 64-bit division and two per table look-up:
// integers are the most frequent scalar of a struct, and strconv's loop
// costs about twice as many instructions on a ten-digit number.
func appendUint(b []byte, u uint64) []byte {
	if u < 10 {
		return append(b, byte('0'+u))
	}
	var buf [20]byte
	i := len(buf)
	for u >= 1e8 {
		q := u / 1e8
		r := uint32(u - q*1e8)
		u = q
		i -= 8
		put8(buf[i:i+8], r)
	}
	r := uint32(u)
	for r >= 100 {
		q := r / 100
		d := (r - q*100) * 2
		r = q
		i -= 2
		buf[i], buf[i+1] = digitPairs[d], digitPairs[d+1]
	}
	if r >= 10 {
		i -= 2
		buf[i], buf[i+1] = digitPairs[r*2], digitPairs[r*2+1]
	} else {
		i--
		buf[i] = byte('0' + r)
	}
	return append(b, buf[i:]...)
}

// put8 writes r, below 1e8, as eight digits with leading zeros.
func put8(dst []byte, r uint32) {
	_ = dst[7]
	hi, lo := r/10000, r%10000
	a, c := hi/100*2, lo/100*2
	bb, d := hi%100*2, lo%100*2
	dst[0], dst[1] = digitPairs[a], digitPairs[a+1]
	dst[2], dst[3] = digitPairs[bb], digitPairs[bb+1]
	dst[4], dst[5] = digitPairs[c], digitPairs[c+1]
	dst[6], dst[7] = digitPairs[d], digitPairs[d+1]
}

// appendInt appends the decimal form of v, as strconv.AppendInt(b, v, 10).
func appendInt(b []byte, v int64) []byte {
	if v < 0 {
		return appendUint(append(b, '-'), -uint64(v))
	}
	return appendUint(b, uint64(v))
}
