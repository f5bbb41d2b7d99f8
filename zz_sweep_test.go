package jgen_test

import (
	"fmt"
	"os"
	"reflect"
	"strconv"
	"testing"
)

func TestZZSweep(t *testing.T) {
	seeds, _ := strconv.Atoi(os.Getenv("SWEEP_SEEDS"))
	fails := 0
	for seed := 100; seed < 100+seeds; seed++ {
		rv := &randomValues{r: newRand(uint64(seed)), builds: true, embeds: true}
		for i := range 2000 {
			typ := rv.structType(3)
			v := reflect.New(typ)
			rv.fill(v.Elem(), 4)
			for _, x := range []any{v.Interface(), v.Elem().Interface()} {
				if msg := compareExactErr(x); msg != "" {
					fails++
					if fails < 15 {
						t.Errorf("seed %d type %d %v:%s", seed, i, typ, msg)
					}
				}
			}
		}
	}
	fmt.Println("fails", fails)
}
